import CXYZAlert
import XYZAlert
import XYZAlertJSON

// xyz_response_model_* of xyzalert_tooling.h: a backtest's response model
// (docs/formats.md, "Response models").

/// The object behind `xyz_response_model *`.
final class CResponseModel {
    let model: ResponseModel

    init(_ model: ResponseModel) {
        self.model = model
    }
}

@c @implementation
public func xyz_response_model_load_file(_ path: UnsafePointer<CChar>?,
                                         _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let path else {
        invalid("xyz_response_model_load_file: path is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in CResponseModel(try Loader.responseModelFile(path: String(cString: path))) }
}

@c @implementation
public func xyz_response_model_load_string(_ json: UnsafePointer<CChar>?, _ length: Int,
                                           _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let json else {
        invalid("xyz_response_model_load_string: json is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in
        CResponseModel(try Loader.responseModel(bytes: bytes(json, length), source: "<string>"))
    }
}

@c @implementation
public func xyz_response_model_free(_ model: OpaquePointer?) {
    if let model = object(model, CResponseModel.self) {
        Unmanaged.passUnretained(model).release()
    }
}

@c @implementation
public func xyz_response_model_react(_ model: OpaquePointer?, _ alert: OpaquePointer?,
                                     _ after: UnsafeMutablePointer<Double>?,
                                     _ action: UnsafeMutablePointer<Int>?) -> xyz_status {
    status { () throws(AlertError) in
        var chosen = ResponseModel.standard
        if model != nil {
            chosen = try require(model, CResponseModel.self, #function, "model").model
        }
        let alert = try require(alert, Alert.self, #function, "alert")
        guard let after, let action else {
            throw AlertError(.invalidArgument, "\(#function): \(after == nil ? "after" : "action") is NULL")
        }
        let reaction = chosen.reaction(alert: alert.id ?? "", user: alert.dispatch?.userID)
        after.pointee = reaction.after
        switch reaction.choice {
        case .dismiss: action.pointee = -1
        case let .action(index): action.pointee = index
        }
    }
}
