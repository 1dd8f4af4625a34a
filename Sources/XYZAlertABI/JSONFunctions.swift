import CXYZAlert
internal import CSystem
import XYZAlert
import XYZAlertJSON

// xyz_catalog_*: alert sets loaded by XYZAlertJSON, with every string they
// hand out made once at load and freed with them; and what every JSON
// entry point shares (error reports, arenas).

/// Strings (and string arrays) handed to C, owned by one loaded object.
final class CStringArena {
    private var strings: [ExactString: UnsafeMutablePointer<CChar>] = [:]
    private var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
    private var chunks: [UnsafeMutablePointer<CChar>] = []
    private var chunkNext: UnsafeMutablePointer<CChar>?
    private var chunkLeft = 0

    func intern(_ text: String) -> UnsafePointer<CChar> {
        let key = ExactString(text)
        if let existing = strings[key] {
            return UnsafePointer(existing)
        }
        let copy = strdup(text)!
        strings[key] = copy
        return UnsafePointer(copy)
    }

    /// A copy of `text` (up to its first NUL, as C reads it) that lives as
    /// long as the arena, without looking for an equal one: for strings
    /// copied once (a catalog's definitions, made at load). They go into
    /// chunks of 16 kB, not one allocation each.
    func copy(_ text: String) -> UnsafePointer<CChar> {
        var text = text
        return text.withUTF8 { bytes in
            let size = bytes.count + 1
            if size > chunkLeft {
                let capacity = max(size, 16_384)
                let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
                chunks.append(chunk)
                chunkNext = chunk
                chunkLeft = capacity
            }
            let out = chunkNext!
            if let base = bytes.baseAddress {
                UnsafeMutableRawPointer(out).copyMemory(from: base, byteCount: bytes.count)
            }
            out[bytes.count] = 0
            chunkNext = out + size
            chunkLeft -= size
            return UnsafePointer(out)
        }
    }

    func array(_ texts: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(texts.count, 1))
        for (i, text) in texts.enumerated() {
            array[i] = intern(text)
        }
        arrays.append(array)
        return UnsafePointer(array)
    }

    deinit {
        strings.values.forEach { free($0) }
        arrays.forEach { $0.deallocate() }
        chunks.forEach { $0.deallocate() }
    }
}

/// The object behind `xyz_catalog *`: the loaded set and one C-side
/// definition per alert, in file order.
final class CCatalog {
    let set: AlertSet
    let definitions: [CDefinition]
    /// docs/rules.md §22: the engine's campaign set (made once), and the
    /// strings xyz_catalog_campaign_* hand out.
    let campaigns: CampaignSet?
    let campaignsVersion: UnsafePointer<CChar>?
    let campaignIDs: [UnsafePointer<CChar>]
    let variantIDs: [[UnsafePointer<CChar>]]
    private let strings = CStringArena()

    init(_ set: AlertSet) {
        self.set = set
        let arena = CStringArena()
        definitions = set.definitions.indices.map { CDefinition(set.definitions, $0, arena) }
        campaigns = set.campaignSet()
        let strings = self.strings
        campaignsVersion = set.campaignsVersion.map(strings.intern)
        campaignIDs = set.campaigns.map { strings.intern($0.id) }
        variantIDs = set.campaigns.map { $0.variants.map { strings.intern($0.id) } }
    }

    func definition(_ id: String) -> CDefinition? {
        set.index(of: id).map { definitions[$0] }
    }
}

/// The object behind `const xyz_definition *`, owned by its catalog: the
/// definition and every string its getters hand out, copied once at load
/// into the catalog's arena (`CStringArena.copy`: no look-up, no
/// allocation per string).
final class CDefinition {
    /// The catalog's definitions (one shared buffer) and this one's place:
    /// a copy of the definition in each would retain and release every
    /// string of it once more per definition.
    private let all: [AlertDefinition]
    private let index: Int
    var definition: AlertDefinition { all[index] }
    let id, name: UnsafePointer<CChar>
    let page, target, style, title, message, meta: UnsafePointer<CChar>?
    let lane: UnsafePointer<CChar>
    let after, afterAlerts, tags: [UnsafePointer<CChar>]
    let actions: [(id: UnsafePointer<CChar>, title: UnsafePointer<CChar>)]

    init(_ all: [AlertDefinition], _ index: Int, _ arena: CStringArena) {
        self.all = all
        self.index = index
        let definition = all[index]
        id = arena.copy(definition.id)
        name = arena.copy(definition.name)
        afterAlerts = definition.afterAlerts.map(arena.copy)
        page = definition.page.map(arena.copy)
        target = arena.copy(definition.target)
        style = arena.copy(definition.content.style)
        title = definition.content.title.map(arena.copy)
        message = definition.content.message.map(arena.copy)
        meta = definition.content.meta.map(arena.copy)
        after = definition.after.map(arena.copy)
        tags = definition.tags.map(arena.copy)
        lane = arena.copy(definition.lane)
        actions = definition.content.actions.map { (arena.copy($0.id), arena.copy($0.title)) }
        self.arena = arena
    }

    /// Shared by the catalog's definitions; freed with the last of them.
    private let arena: CStringArena
}

/// Copies `text` into a fixed C array; when it does not fit, it is cut at
/// the last whole UTF-8 character that does.
func copy<T>(_ text: String, into field: inout T) {
    withUnsafeMutableBytes(of: &field) { buffer in
        let utf8 = Array(text.utf8)
        var count = min(utf8.count, buffer.count - 1)
        if count < utf8.count {
            // utf8[count] is the first byte left out: back up to a character start.
            while count > 0, utf8[count] & 0xC0 == 0x80 {
                count -= 1
            }
        }
        buffer.copyBytes(from: utf8[..<count])
        buffer[count] = 0
    }
}

extension LoadError.Kind {
    var status: xyz_status {
        switch self {
        case .parse: XYZ_EPARSE
        case .schema: XYZ_ESCHEMA
        case .io: XYZ_EIO
        }
    }
}

/// Fills the caller's xyz_error (if any) and the last error.
func report(_ error: LoadError?, into out: UnsafeMutablePointer<xyz_error>?) {
    if let error {
        LastError.set(error.description, pointer: error.pointer)
    }
    guard let out else { return }
    out.pointee = xyz_error()
    guard let error else { return }
    out.pointee.status = error.kind.status
    out.pointee.line = CInt(error.position?.line ?? 0)
    out.pointee.column = CInt(error.position?.column ?? 0)
    out.pointee.position = error.position?.offset ?? 0
    copy(error.source, into: &out.pointee.source)
    copy(error.pointer, into: &out.pointee.pointer)
    copy(error.message, into: &out.pointee.message)
}

/// Runs a loader, reporting its outcome; NULL arguments are XYZ_EINVAL.
func load<T: AnyObject>(_ out: UnsafeMutablePointer<xyz_error>?, _ make: () throws(LoadError) -> T?) -> OpaquePointer? {
    do {
        guard let object = try make() else { return nil }
        report(nil, into: out)
        return OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    } catch {
        report(error, into: out)
        return nil
    }
}

func invalid(_ message: String, _ out: UnsafeMutablePointer<xyz_error>?) {
    LastError.set(message)
    out?.pointee = xyz_error()
    out?.pointee.status = XYZ_EINVAL
    if out != nil {
        copy(message, into: &out!.pointee.message)
    }
}

func bytes(_ json: UnsafePointer<CChar>, _ length: Int) -> [UInt8] {
    json.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
}

@c @implementation
public func xyz_catalog_load_file(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let path else {
        invalid("xyz_catalog_load_file: path is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in CCatalog(try Loader.loadFile(path: String(cString: path)).alertSet) }
}

@c @implementation
public func xyz_catalog_load_string(_ json: UnsafePointer<CChar>?, _ length: Int, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let json else {
        invalid("xyz_catalog_load_string: json is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in
        CCatalog(try Loader.load(bytes: bytes(json, length), source: "<string>").alertSet)
    }
}

@c @implementation
public func xyz_catalog_free(_ catalog: OpaquePointer?) {
    if let catalog = object(catalog, CCatalog.self) {
        Unmanaged.passUnretained(catalog).release()
    }
}

@c @implementation
public func xyz_catalog_definition_count(_ catalog: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(catalog, CCatalog.self, #function, "catalog").definitions.count }
}

@c @implementation
public func xyz_catalog_count(_ catalog: OpaquePointer?) -> Int {
    xyz_catalog_definition_count(catalog)
}

@c @implementation
public func xyz_catalog_definition(_ catalog: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let definitions = try require(catalog, CCatalog.self, #function, "catalog").definitions
        return definitions.indices.contains(index) ? handle(definitions[index]) : nil
    }
}

@c @implementation
public func xyz_catalog_find(_ catalog: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let catalog = try require(catalog, CCatalog.self, #function, "catalog")
        return catalog.definition(try requireString(id, #function, "id")).map(handle)
    }
}

@c @implementation
public func xyz_catalog_create_alert(_ catalog: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let name = try requireString(id, #function, "id")
        guard let found = try require(catalog, CCatalog.self, #function, "catalog").definition(name) else {
            throw AlertError(.notFound, "\(cName(#function)): no alert \"\(name)\" in this catalog")
        }
        return OpaquePointer(Unmanaged.passRetained(found.definition.makeAlert()).toOpaque())
    }
}

@c @implementation
public func xyz_dispatch_add_catalog(_ dispatch: OpaquePointer?, _ catalog: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(dispatch, Dispatch.self, #function, "dispatch")
        let catalog = try require(catalog, CCatalog.self, #function, "catalog")
        try dispatch.add(catalog.set.definitions.map { $0.makeAlert() })
    }
}
