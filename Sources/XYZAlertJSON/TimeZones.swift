internal import CSystem

/// Time zone names of scenarios (docs/formats.md, "Local time"): a name of
/// the system's time zone database ("Europe/Paris"), found under `TZDIR`
/// or /usr/share/zoneinfo. The tool turns it into offsets with the C
/// library; the loader only checks that the database has it. (The
/// WebAssembly build asks JavaScript's `Intl` instead:
/// Sources/xyzalert-wasm/TimeZones.swift.)
enum TimeZones {
    /// Whether `name` names a zone file of the database: letters, digits,
    /// `_`, `+`, `-` and `/` between parts, no `.` part, a file that starts
    /// with the TZif magic.
    static func exists(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count < 256, bytes.first != 47, bytes.last != 47,
              bytes.allSatisfy({ isNameByte($0) }), !name.split(separator: "/").contains(where: { $0.first == "." }) else {
            return false
        }
        let directory = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        guard let file = fopen(directory + "/" + name, "rb") else { return false }
        defer { fclose(file) }
        var status = stat()
        guard fstat(fileno(file), &status) == 0, xyz_is_regular_file(status.st_mode) != 0 else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        return fread(&magic, 1, 4, file) == 4 && magic == Array("TZif".utf8)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95 || b == 43 || b == 45 || b == 47 || b == 46
    }
}
