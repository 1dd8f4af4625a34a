internal import CSystem
import CXYZAlert
import XYZAlert
import XYZAlertJSON

// A scenario's steps as the C structs of xyzalert_tooling.h: xyz_step_info
// (its timing here, its fields in StepInfo.swift, generated, and the few
// that need more than a copy), and the 0.2 side getters' fields read from it.

/// Step `step` as an xyz_step_info, its strings interned in `arena`.
func stepInfo(_ step: Scenario.Step, _ timing: Scenario.Timing, _ arena: CStringArena) -> xyz_step_info {
    var out = xyz_step_info()
    out.size = UInt32(MemoryLayout<xyz_step_info>.size)
    out.has_at = timing.at != nil
    out.at = timing.at ?? 0
    out.during = timing.during ?? 0
    stepFields(step, &out, arena)
    return out
}

/// The fields of `step`'s xyz_step_info that the table of steps does not
/// map one to one (scripts/interface/steps.py: `info_custom`).
func customStepFields(_ step: Scenario.Step, _ out: inout xyz_step_info, _ arena: CStringArena) {
    switch step {
    case .add(_, let ids):
        out.alerts = arena.array(ids)
        out.alert_count = ids.count
    case .update(_, let change):
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
    case .laneLimit(_, _, let limit):
        out.index = limit.visible
        out.on_full = xyz_on_full(rawValue: UInt32(limit.onFull.rawValue))
    default:
        break
    }
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
