import CXYZAlert
internal import CSystem
import XYZAlert

// xyz_dispatch_*: handles in, engine calls, statuses out.

/// Every size xyz_host has had in a released header, oldest first: the end
/// of its last member in that version. Append one when a version appends
/// members (0.1 and the first 0.2 end with destroy_context, 0.2 with time
/// with set_timer, 0.2 with policies with update, 0.3 with announce, 0.4
/// with utc_offset).
/// (Member addresses in a value, not `MemoryLayout.offset(of:)`, which takes
/// a key path: the Embedded build has none.)
private let knownHostSizes: [Int] = {
    var host = xyz_host()
    return withUnsafeMutablePointer(to: &host) { base in
        func end(_ member: UnsafeMutableRawPointer) -> Int {
            member - UnsafeMutableRawPointer(base) + MemoryLayout<UnsafeRawPointer>.size
        }
        return [end(&base.pointee.destroy_context), end(&base.pointee.set_timer), end(&base.pointee.update),
                end(&base.pointee.announce), end(&base.pointee.utc_offset)]
    }
}()

/// The host as this library sees it: the prefix the caller's version has,
/// the members added since then NULL.
private func hostCallbacks(_ host: UnsafePointer<xyz_host>) throws(AlertError) -> xyz_host {
    let size = Int(host.pointee.size)
    guard knownHostSizes.contains(size), size <= MemoryLayout<xyz_host>.size else {
        let known = knownHostSizes.map(String.init).joined(separator: ", ")
        throw AlertError(.invalidArgument, "xyz_dispatch_create: xyz_host.size is \(size), which no version of "
                         + "xyzalert.h had (this library knows \(known)); set size = sizeof(xyz_host)")
    }
    var callbacks = xyz_host()
    withUnsafeMutableBytes(of: &callbacks) { $0.copyMemory(from: UnsafeRawBufferPointer(start: host, count: size)) }
    return callbacks
}

@c @implementation
public func xyz_dispatch_create(_ host: UnsafePointer<xyz_host>?, _ pageView: UnsafeMutableRawPointer?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let callbacks = try host.map { (host) throws(AlertError) in try hostCallbacks(host) } ?? xyz_host()
        let dispatch = Dispatch(host: CHost(callbacks), pageView: pageView)
        return OpaquePointer(Unmanaged.passRetained(dispatch).toOpaque())
    }
}

@c @implementation
public func xyz_dispatch_destroy(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        do throws(AlertError) {
            try dispatch.destroy()
        } catch where error.tookEffect {
            Unmanaged.passUnretained(dispatch).release() // destroyed all the same
            throw error
        }
        Unmanaged.passUnretained(dispatch).release()
    }
}

/// The C host of a dispatch created through the C API (nil once destroyed).
func cHost(_ dispatch: Dispatch) -> CHost? {
    dispatch.host as? CHost
}

@c @implementation
public func xyz_dispatch_add(_ pointer: OpaquePointer?, _ alerts: UnsafePointer<OpaquePointer?>?, _ count: Int) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        if count > 0 && alerts == nil {
            throw AlertError(.invalidArgument, "xyz_dispatch_add: alerts is NULL but count is \(count)")
        }
        if count == 1 {
            guard let alert = try optional(alerts![0], Alert.self, #function, "alerts[0]") else {
                throw AlertError(.invalidArgument, "xyz_dispatch_add: alerts[0] is NULL")
            }
            return try dispatch.add(alert)
        }
        var batch: [Alert] = []
        batch.reserveCapacity(count)
        for i in 0..<count {
            guard let alert = try optional(alerts![i], Alert.self, #function, "alerts[\(i)]") else {
                throw AlertError(.invalidArgument, "xyz_dispatch_add: alerts[\(i)] is NULL")
            }
            batch.append(alert)
        }
        try dispatch.add(batch)
    }
}

@c @implementation
public func xyz_dispatch_page_did_appear(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").pageDidAppear() }
}

@c @implementation
public func xyz_dispatch_page_will_disappear(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").pageWillDisappear() }
}

@c @implementation
public func xyz_dispatch_set_parent(_ child: OpaquePointer?, _ parent: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        try require(child, Dispatch.self, #function, "child").setParent(optional(parent, Dispatch.self, #function, "parent"))
    }
}

@c @implementation
public func xyz_dispatch_parent(_ pointer: OpaquePointer?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").parent.map(handle) }
}

@c @implementation
public func xyz_dispatch_set_active_child(_ parent: OpaquePointer?, _ child: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        try require(parent, Dispatch.self, #function, "parent").setActiveChild(optional(child, Dispatch.self, #function, "child"))
    }
}

@c @implementation
public func xyz_dispatch_set_active_child_provider(
    _ parent: OpaquePointer?, _ function: xyz_active_child_fn?, _ context: UnsafeMutableRawPointer?,
    _ freeContext: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(parent, Dispatch.self, #function, "parent")
        let host = cHost(dispatch)
        let previous = host?.provider
        let provider = function.map { CProvider($0, context, host: host) }
        // Recorded before the call: a callback of its pass may replace it.
        host?.provider = provider
        let closure: ((Dispatch) -> Dispatch?)? = provider.map { provider in { provider($0) } }
        do throws(AlertError) {
            try dispatch.setActiveChildProvider(closure)
        } catch where !error.tookEffect {
            host?.provider = previous
            throw error
        } catch {
            provider?.free = freeContext // the engine holds the provider all the same
            throw error
        }
        provider?.free = freeContext
    }
}

@c @implementation
public func xyz_dispatch_active_child_context(_ parent: OpaquePointer?) -> UnsafeMutableRawPointer? {
    value(nil) { () throws(AlertError) in
        cHost(try require(parent, Dispatch.self, #function, "parent"))?.provider?.context
    }
}

@c @implementation
public func xyz_dispatch_set_target(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ view: UnsafeMutableRawPointer?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        try dispatch.setTarget(try requireString(name, #function, "name"), view: view)
    }
}

@c @implementation
public func xyz_dispatch_keyboard_changed(_ pointer: OpaquePointer?, _ keyboard: xyz_rect, _ duration: Double) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, Dispatch.self, #function, "dispatch").keyboardChanged(Rect(keyboard), duration: duration)
    }
}

@c @implementation
public func xyz_dispatch_flush(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").flush() }
}

@c @implementation
public func xyz_dispatch_cancel_tagged(_ pointer: OpaquePointer?, _ tag: UnsafePointer<CChar>?,
                                       _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        let name = try optionalString(tag, #function, "tag")
        count?.pointee = 0
        // (Not `count?.pointee = try ...`: optional chaining would skip the call for a NULL count.)
        let ended = try dispatch.cancelTagged(name)
        count?.pointee = ended
    }
}

@c @implementation
public func xyz_dispatch_suspend(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").suspend() }
}

@c @implementation
public func xyz_dispatch_resume(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").resume() }
}

@c @implementation
public func xyz_dispatch_is_suspended(_ pointer: OpaquePointer?) -> Bool {
    value(false) { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").isSuspended }
}

@c @implementation
public func xyz_dispatch_tick(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").tick() }
}

@c @implementation
public func xyz_dispatch_next_deadline(_ pointer: OpaquePointer?) -> Double {
    value(-1) { () throws(AlertError) in
        try require(pointer, Dispatch.self, #function, "dispatch").nextDeadline() ?? -1
    }
}

@c @implementation
public func xyz_dispatch_find(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        return dispatch.find(try requireString(id, #function, "id")).map(handle)
    }
}

@c @implementation
public func xyz_dispatch_snapshot_json(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        ownedCString(SnapshotJSON.render(try require(pointer, Dispatch.self, #function, "dispatch").snapshot()))
    }
}

@c @implementation
public func xyz_dispatch_start_recording(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").startRecording() }
}

@c @implementation
public func xyz_dispatch_stop_recording(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").stopRecording() }
}

@c @implementation
public func xyz_dispatch_recording_json(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        guard let recording = dispatch.startedRecording else {
            throw AlertError(.state, "xyz_dispatch_recording_json: no recording was started on \(dispatch.name.isEmpty ? "this page" : "page '\(dispatch.name)'")")
        }
        return ownedCString(try recording.scenarioJSON())
    }
}

@c @implementation
public func xyz_dispatch_diagnostics(_ pointer: OpaquePointer?) -> UInt32 {
    value(0) { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "dispatch").diagnosticMask }
}
