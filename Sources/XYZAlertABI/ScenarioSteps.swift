import CXYZAlert
import XYZAlert
import XYZAlertJSON

// A scenario's steps as the C structs of xyzalert_tooling.h: xyz_step_info
// (every field), and the 0.2 side getters' fields read from it.

/// Step `step` as an xyz_step_info, its strings interned in `arena`.
func stepInfo(_ step: Scenario.Step, _ timing: Scenario.Timing, _ arena: CStringArena) -> xyz_step_info {
    var out = xyz_step_info()
    out.size = UInt32(MemoryLayout<xyz_step_info>.size)
    out.has_at = timing.at != nil
    out.at = timing.at ?? 0
    out.during = timing.during ?? 0
    func rect(_ r: Rect) -> xyz_rect { xyz_rect(x: r.x, y: r.y, width: r.width, height: r.height) }
    func on(_ kind: xyz_step_kind, page: String) {
        out.kind = kind
        out.page = arena.intern(page)
    }
    func on(_ kind: xyz_step_kind, alert: String) {
        out.kind = kind
        out.alert = arena.intern(alert)
    }
    switch step {
    case .appear(let page): on(XYZ_STEP_APPEAR, page: page)
    case .disappear(let page): on(XYZ_STEP_DISAPPEAR, page: page)
    case .destroy(let page): on(XYZ_STEP_DESTROY, page: page)
    case .flush(let page): on(XYZ_STEP_FLUSH, page: page)
    case .tick(let page): on(XYZ_STEP_TICK, page: page)
    case .suspend(let page): on(XYZ_STEP_SUSPEND, page: page)
    case .resume(let page): on(XYZ_STEP_RESUME, page: page)
    case .add(let page, let ids):
        on(XYZ_STEP_ADD, page: page)
        out.alerts = arena.array(ids)
        out.alert_count = ids.count
    case .ready(let alert): on(XYZ_STEP_READY, alert: alert)
    case .dismiss(let alert): on(XYZ_STEP_DISMISS, alert: alert)
    case .cancel(let alert): on(XYZ_STEP_CANCEL, alert: alert)
    case .action(let alert, let index):
        on(XYZ_STEP_ACTION, alert: alert)
        out.index = index
    case .select(let page, let child, let flush):
        on(XYZ_STEP_SELECT, page: page)
        out.child = child.map(arena.intern)
        out.flush = flush
    case .keyboard(let page, let frame, let duration):
        on(XYZ_STEP_KEYBOARD, page: page)
        out.frame = rect(frame)
        out.duration = duration
    case .frame(let alert, let frame):
        on(XYZ_STEP_FRAME, alert: alert)
        out.frame = rect(frame ?? .zero)
        out.has_frame = frame != nil
    case .advance(let seconds):
        out.kind = XYZ_STEP_ADVANCE
        out.duration = seconds
    case .cancelTagged(let page, let tag):
        on(XYZ_STEP_CANCEL_TAGGED, page: page)
        out.tag = tag.map(arena.intern)
    case .update(let alert, let change):
        on(XYZ_STEP_UPDATE, alert: alert)
        var sets: UInt32 = 0
        if case .some(let title) = change.title {
            sets |= XYZ_SETS_TITLE.rawValue
            out.title = title.map(arena.intern)
        }
        if case .some(let message) = change.message {
            sets |= XYZ_SETS_MESSAGE.rawValue
            out.message = message.map(arena.intern)
        }
        if let style = change.style {
            sets |= XYZ_SETS_STYLE.rawValue
            out.style = arena.intern(style)
        }
        if change.clearActions {
            sets |= XYZ_SETS_CLEAR_ACTIONS.rawValue
        }
        if let action = change.addAction {
            sets |= XYZ_SETS_ADD_ACTION.rawValue
            out.action_id = arena.intern(action.id)
            out.action_title = arena.intern(action.title)
            out.action_style = xyz_action_style(rawValue: UInt32(action.style.rawValue))
            out.action_flags = action.keepOpen ? XYZ_ACTION_KEEP_OPEN : 0
        }
        if case .some(let meta) = change.meta {
            sets |= XYZ_SETS_META.rawValue
            out.meta = meta.map(arena.intern)
        }
        out.sets = sets
    case .parent(let page, let parent):
        on(XYZ_STEP_PARENT, page: page)
        out.parent = parent.map(arena.intern)
    case .capacity(let page, let capacity):
        on(XYZ_STEP_CAPACITY, page: page)
        out.index = capacity
    case .avoidance(let alert, let enabled, let adjust):
        on(XYZ_STEP_AVOIDANCE, alert: alert)
        out.enabled = enabled
        out.adjust = adjust
    case .target(let alert, let target):
        on(XYZ_STEP_TARGET, alert: alert)
        out.target = arena.intern(target)
    case .tag(let alert, let tag):
        on(XYZ_STEP_TAG, alert: alert)
        out.tag = arena.intern(tag)
    case .depend(let alert, let other, let id):
        on(XYZ_STEP_DEPEND, alert: alert)
        out.on = other.map(arena.intern)
        out.id = id.map(arena.intern)
    case .hold(let alert): on(XYZ_STEP_HOLD, alert: alert)
    case .unhold(let alert): on(XYZ_STEP_UNHOLD, alert: alert)
    case .holdTimers(let page): on(XYZ_STEP_HOLD_TIMERS, page: page)
    case .unholdTimers(let page): on(XYZ_STEP_UNHOLD_TIMERS, page: page)
    case .durationScale(let page, let scale):
        on(XYZ_STEP_DURATION_SCALE, page: page)
        out.scale = scale
    case .gap(let page, let lane, let seconds):
        on(XYZ_STEP_GAP, page: page)
        out.lane = arena.intern(lane)
        out.duration = seconds
    case .cancelQueued(let page, let tag):
        on(XYZ_STEP_CANCEL_QUEUED, page: page)
        out.tag = tag.map(arena.intern)
    case .laneLimit(let page, let lane, let limit):
        on(XYZ_STEP_LANE_LIMIT, page: page)
        out.lane = arena.intern(lane)
        out.index = limit.visible
        out.on_full = xyz_on_full(rawValue: UInt32(limit.onFull.rawValue))
    case .order(let page, let order):
        on(XYZ_STEP_ORDER, page: page)
        out.order = xyz_order(rawValue: UInt32(order.rawValue))
    case .session:
        out.kind = XYZ_STEP_SESSION
    case .caps:
        out.kind = XYZ_STEP_CAPS
    }
    return out
}

/// A field of the 0.2 side getters (xyz_scenario_step_text, _has, _number).
enum LegacyField: Equatable {
    case text(UnsafePointer<CChar>?)
    case number(Double)
}

/// The field `name` of a step as the 0.2 side getters read it, or nil when
/// the step has no such field.
func legacyField(_ info: xyz_step_info, _ name: String) -> LegacyField? {
    let sets = info.sets
    func has(_ flag: xyz_sets_flag) -> Bool { sets & flag.rawValue != 0 }
    switch (info.kind, name) {
    case (_, "at"): return info.has_at ? .number(info.at) : nil
    case (_, "during"): return info.during > 0 ? .number(Double(info.during)) : nil
    case (XYZ_STEP_CANCEL_TAGGED, "tag"): return info.tag.map { .text($0) }
    case (XYZ_STEP_PARENT, "parent"): return .text(info.parent)
    case (XYZ_STEP_TARGET, "target"): return .text(info.target)
    case (XYZ_STEP_DEPEND, "on"): return info.on.map { .text($0) }
    case (XYZ_STEP_DEPEND, "id"): return info.id.map { .text($0) }
    case (XYZ_STEP_SELECT, "flush"): return .number(info.flush ? 1 : 0)
    case (XYZ_STEP_CAPACITY, "capacity"): return .number(Double(info.index))
    case (XYZ_STEP_AVOIDANCE, "enabled"): return .number(info.enabled ? 1 : 0)
    case (XYZ_STEP_AVOIDANCE, "adjust"): return .number(info.adjust)
    case (XYZ_STEP_FRAME, "frame_unknown"): return .number(info.has_frame ? 0 : 1)
    case (XYZ_STEP_UPDATE, "title"): return has(XYZ_SETS_TITLE) ? .text(info.title) : nil
    case (XYZ_STEP_UPDATE, "message"): return has(XYZ_SETS_MESSAGE) ? .text(info.message) : nil
    case (XYZ_STEP_UPDATE, "style"): return has(XYZ_SETS_STYLE) ? .text(info.style) : nil
    case (XYZ_STEP_UPDATE, "meta"): return has(XYZ_SETS_META) ? .text(info.meta) : nil
    case (XYZ_STEP_UPDATE, "clear_actions"): return has(XYZ_SETS_CLEAR_ACTIONS) ? .number(1) : nil
    case (XYZ_STEP_UPDATE, "action_id"): return has(XYZ_SETS_ADD_ACTION) ? .text(info.action_id) : nil
    case (XYZ_STEP_UPDATE, "action_title"): return has(XYZ_SETS_ADD_ACTION) ? .text(info.action_title) : nil
    case (XYZ_STEP_UPDATE, "action_style"):
        return has(XYZ_SETS_ADD_ACTION) ? .number(Double(info.action_style.rawValue)) : nil
    default: return nil
    }
}
