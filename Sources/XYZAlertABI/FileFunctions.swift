internal import CSystem
import CXYZAlert
import XYZAlert
import XYZAlertJSON

// xyz_file_write and the atomic writer behind every file the library saves
// (docs/formats.md, "Files").

/// Writes `bytes` to `path` with `AtomicFile`, reporting into `out`.
func writeFile(_ path: String, _ bytes: [UInt8], _ out: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    do throws(LoadError) {
        try AtomicFile.write(bytes, to: path)
    } catch {
        report(error, into: out)
        return error.kind.status
    }
    report(nil, into: out)
    return XYZ_OK
}

@c @implementation
public func xyz_file_write(_ path: UnsafePointer<CChar>?, _ data: UnsafePointer<CChar>?, _ length: Int,
                           _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    guard let path else {
        invalid("xyz_file_write: path is NULL", error)
        return XYZ_EINVAL
    }
    guard data != nil || length == 0 else {
        invalid("xyz_file_write: data is NULL", error)
        return XYZ_EINVAL
    }
    return writeFile(String(cString: path), data.map { bytes($0, length) } ?? [], error)
}
