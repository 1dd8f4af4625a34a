import XYZAlert

/// The WebAssembly build's files: there are none (make wasm compiles this
/// file into XYZAlertJSON instead of Sources/XYZAlertJSON/Files.swift). A
/// load or a save that names a path is an `.io` error naming it; the
/// JavaScript package loads text.
extension Loader {
    static func readFile(_ path: String) throws(LoadError) -> [UInt8] {
        throw noFiles(path)
    }

    static func readFile(_ path: String, missingOK: Bool) throws(LoadError) -> [UInt8]? {
        throw noFiles(path)
    }

    static func noFiles(_ path: String) -> LoadError {
        LoadError(kind: .io, message: "cannot open: WebAssembly has no files (load the text instead)", pointer: "",
                  position: nil, source: path)
    }
}

/// Saving to a file: always an `.io` error here.
public enum AtomicFile {
    /// Throws the `.io` error "WebAssembly has no files", naming `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(LoadError) {
        throw Loader.noFiles(path)
    }
}
