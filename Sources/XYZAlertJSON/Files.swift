internal import CSystem
import XYZAlert

/// Reading and writing the files the loaders and savers name: reads are
/// bounded, writes are atomic (docs/formats.md, "Files"). (The WebAssembly
/// build has no files: Sources/xyzalert-wasm/Files.swift stands in.)
extension Loader {
    /// The most a file load reads: 256 MiB. A larger file, or an endless
    /// one (`/dev/zero`), is an `.io` error naming the limit rather than
    /// memory that grows until the process is killed.
    public static let fileSizeLimit = 256 << 20

    /// The file's bytes, at most `fileSizeLimit`; `.io` when it cannot be
    /// opened or read, is a directory, or is larger.
    static func readFile(_ path: String) throws(LoadError) -> [UInt8] {
        // (Never nil: only a missing file may be, when asked.)
        try readFile(path, missingOK: false) ?? []
    }

    /// The file's bytes; nil when `missingOK` and nothing is at `path`
    /// (ENOENT: a missing directory on the way too).
    static func readFile(_ path: String, missingOK: Bool) throws(LoadError) -> [UInt8]? {
        guard let file = fopen(path, "rb") else {
            let code = xyz_errno()
            if missingOK && code == ENOENT {
                return nil
            }
            throw ioError(path, "cannot open: \(String(cString: strerror(code)))")
        }
        defer { fclose(file) }
        var status = stat()
        var bytes: [UInt8] = []
        if fstat(fileno(file), &status) == 0 {
            if xyz_is_directory(status.st_mode) != 0 {
                // fopen opens a directory for reading; reading it then fails.
                throw ioError(path, "cannot open: \(String(cString: strerror(EISDIR)))")
            }
            if xyz_is_regular_file(status.st_mode) != 0 {
                if status.st_size > fileSizeLimit {
                    throw tooLarge(path)
                }
                // Room for the whole file (it may still grow): the array is
                // not copied at every doubling.
                bytes.reserveCapacity(Int(status.st_size))
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if bytes.count + count > fileSizeLimit {
                throw tooLarge(path)
            }
            bytes.append(contentsOf: chunk[..<count])
            if count < chunk.count {
                if ferror(file) != 0 {
                    throw ioError(path, "cannot read: \(String(cString: strerror(xyz_errno())))")
                }
                return bytes
            }
        }
    }

    private static func ioError(_ path: String, _ message: String) -> LoadError {
        LoadError(kind: .io, message: message, pointer: "", position: nil, source: path)
    }

    private static func tooLarge(_ path: String) -> LoadError {
        ioError(path, "cannot read: larger than \(fileSizeLimit) bytes (256 MiB), the most a file load reads")
    }
}

/// Writes files so that a reader sees the old content or the new, never a
/// part: the bytes go to a new file beside the target (same directory, so
/// the rename stays on one file system), which is flushed to disk and then
/// renamed over the target. A failure at any step removes the new file and
/// leaves the target as it was.
public enum AtomicFile {
    /// Writes `bytes` to `path`. The new file keeps the target's permission
    /// bits when it exists (else 0666 less the umask). Throws an `.io` error
    /// with the step and the system's reason ("cannot write: No space left
    /// on device").
    public static func write(_ bytes: [UInt8], to path: String) throws(LoadError) {
        let (directory, name) = splitPath(path)
        let (fd, scratch) = try create(in: directory, for: name, of: path)
        var failure = bytes.withUnsafeBytes { buffer -> String? in
            var written = 0
            while written < buffer.count {
                let n = xyz_write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n > 0 {
                    written += n
                } else if n < 0 && xyz_errno() != EINTR {
                    return "cannot write: \(reason())"
                }
            }
            return nil
        }
        var status = stat()
        if failure == nil && stat(path, &status) == 0 {
            _ = fchmod(fd, status.st_mode & 0o7777)
        }
        if failure == nil && fsync(fd) != 0 {
            failure = "cannot write: \(reason())"
        }
        if close(fd) != 0 && failure == nil {
            failure = "cannot write: \(reason())"
        }
        if failure == nil && rename(scratch, path) != 0 {
            failure = "cannot replace it: \(reason())"
        }
        if let failure {
            unlink(scratch)
            throw LoadError(kind: .io, message: failure, pointer: "", position: nil, source: path)
        }
        syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// The system's reason for the last failure.
    private static func reason() -> String { String(cString: strerror(xyz_errno())) }

    /// A new file `.NAME.PID.N.tmp` in `directory` (a prefix: "dir/" or
    /// ""), N the first number no file has: created exclusively, so that two
    /// writers (two processes, or two threads) never share one.
    private static func create(in directory: String, for name: String, of path: String) throws(LoadError) -> (Int32, String) {
        let pid = getpid()
        for n in 0..<10_000 {
            let scratch = "\(directory).\(name).\(pid).\(n).tmp"
            let fd = xyz_open(scratch, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                return (fd, scratch)
            }
            if xyz_errno() != EEXIST {
                throw LoadError(kind: .io, message: "cannot write: \(reason())", pointer: "", position: nil, source: path)
            }
        }
        throw LoadError(kind: .io, message: "cannot write: every temporary name beside it is taken", pointer: "", position: nil,
                        source: path)
    }

    /// Makes the rename itself durable (best effort: some file systems
    /// refuse to sync a directory, and the file is already whole).
    private static func syncDirectory(_ directory: String) {
        let fd = xyz_open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }
}
