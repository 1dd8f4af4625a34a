/// `path` as its directory, a prefix ending in "/" ("dir/", "/"; "" for a
/// bare name), and the name after it: where a scratch file goes beside a
/// target, and what a scenario's file names are relative to.
func splitPath(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
}
