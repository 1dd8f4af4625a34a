/// Why an evaluation stopped early: what JavaScript's reference throws on
/// (`{"*": []}`), or the step or depth budget ran out. The rule gives null.
struct RuleStop: Error {}

/// One evaluation of a compiled rule: the operators of JsonLogic's
/// reference implementation, applied as it applies them (arguments
/// evaluated first, except for `if`, `and`, `or` and the array operators,
/// which evaluate what they need).
struct RuleEvaluation {
    let bucketing: Bucketing
    private var steps = Rule.maxSteps

    init(bucketing: Bucketing) {
        self.bucketing = bucketing
    }

    /// Spends `n` steps of the budget.
    @inline(__always)
    mutating func charge(_ n: Int) throws(RuleStop) {
        steps -= n
        if steps < 0 { throw RuleStop() }
    }

    /// Spends what converting `value` (to a string or a number, or
    /// comparing it) may cost: a step per array element and per 16 bytes
    /// of string, nested arrays included. Walks no further than the budget
    /// goes, so the charge costs at most what it charges.
    mutating func chargeConversion(_ value: JSONData?) throws(RuleStop) {
        switch value {
        case let .string(text)?:
            try charge(text.utf8.count / 16)
        case let .array(items)?:
            var stack = [items]
            while let list = stack.popLast() {
                try charge(list.count)
                for item in list {
                    switch item {
                    case let .string(text): try charge(text.utf8.count / 16)
                    case let .array(inner): stack.append(inner)
                    default: break
                    }
                }
            }
        default:
            break
        }
    }

    /// `chargeConversion` of each value.
    mutating func chargeConversions(_ values: JSONData?...) throws(RuleStop) {
        for value in values { try chargeConversion(value) }
    }

    mutating func evaluate(_ node: RuleNode, _ data: JSONData) throws(RuleStop) -> JSONData? {
        try charge(1)
        switch node {
        case let .literal(value):
            return value
        case let .array(nodes):
            try charge(nodes.count)
            var out: [JSONData] = []
            out.reserveCapacity(nodes.count)
            for node in nodes {
                out.append(try evaluate(node, data) ?? .null)
            }
            return .array(out)
        case let .variable(path, fallback):
            let otherwise = try fallback.map { (node) throws(RuleStop) in try evaluate(node, data) } ?? nil
            return lookUp(path, in: data) ?? otherwise ?? .null
        case let .apply(op, nodes):
            return try apply(op, nodes, data)
        }
    }

    /// `var`'s walk: nil when a step is missing or null before the end.
    func lookUp(_ path: [String]?, in data: JSONData) -> JSONData? {
        guard let path else { return data }
        var current = data
        for name in path {
            if case .null = current { return nil }
            guard let next = RuleValues.property(current, name) else { return nil }
            current = next
        }
        return current
    }

    /// Argument `i`, evaluated (nil when not given).
    @inline(__always)
    private mutating func argument(_ nodes: [RuleNode], _ i: Int, _ data: JSONData) throws(RuleStop) -> JSONData? {
        i < nodes.count ? try evaluate(nodes[i], data) : nil
    }

    /// Evaluates arguments from `i` on that an operator ignores (JavaScript
    /// evaluates them: one may stop the rule).
    private mutating func rest(_ nodes: [RuleNode], from i: Int, _ data: JSONData) throws(RuleStop) {
        var i = i
        while i < nodes.count {
            _ = try evaluate(nodes[i], data)
            i += 1
        }
    }

    private mutating func apply(_ op: RuleOperator, _ nodes: [RuleNode], _ data: JSONData) throws(RuleStop) -> JSONData? {
        switch op {
        case .if, .ternary:
            var i = 0
            while i + 1 < nodes.count {
                if RuleValues.truthy(try evaluate(nodes[i], data)) {
                    return try evaluate(nodes[i + 1], data)
                }
                i += 2
            }
            return i < nodes.count ? try evaluate(nodes[i], data) : .null
        case .and, .or:
            var current: JSONData?
            for node in nodes {
                current = try evaluate(node, data)
                if RuleValues.truthy(current) == (op == .or) { return current }
            }
            return current
        case .map, .filter, .reduce, .all, .none, .some:
            return try iterate(op, nodes, data)
        default:
            break
        }
        let a = try argument(nodes, 0, data)
        switch op {
        case .variable:
            let b = try argument(nodes, 1, data)
            try rest(nodes, from: 2, data)
            try chargeConversion(a)
            return lookUp(RuleValues.path(a), in: data) ?? b ?? .null
        case .equal, .notEqual, .strictEqual, .strictNotEqual:
            let b = try argument(nodes, 1, data)
            try rest(nodes, from: 2, data)
            try chargeConversions(a, b)
            let same = op == .equal || op == .notEqual ? RuleValues.looseEqual(a, b) : RuleValues.strictEqual(a, b)
            return .bool(same == (op == .equal || op == .strictEqual))
        case .less, .lessOrEqual:
            let b = try argument(nodes, 1, data)
            let c = try argument(nodes, 2, data)
            try rest(nodes, from: 3, data)
            try chargeConversions(a, b, c)
            let compare = op == .less ? RuleValues.isLess : RuleValues.isLessOrEqual
            guard let c else { return .bool(compare(a, b)) }
            return .bool(compare(a, b) && compare(b, c))
        case .greater, .greaterOrEqual:
            let b = try argument(nodes, 1, data)
            try rest(nodes, from: 2, data)
            try chargeConversions(a, b)
            return .bool(op == .greater ? RuleValues.isLess(b, a) : RuleValues.isLessOrEqual(b, a))
        case .not, .truthy:
            try rest(nodes, from: 1, data)
            return .bool(RuleValues.truthy(a) == (op == .truthy))
        case .log:
            try rest(nodes, from: 1, data)
            return a
        case .remainder, .divide:
            let b = try argument(nodes, 1, data)
            try rest(nodes, from: 2, data)
            try chargeConversions(a, b)
            let x = RuleValues.number(a), y = RuleValues.number(b)
            return .number(op == .divide ? x / y : x.truncatingRemainder(dividingBy: y))
        case .minus:
            let b = try argument(nodes, 1, data)
            try rest(nodes, from: 2, data)
            try chargeConversions(a, b)
            guard let b else { return .number(-RuleValues.number(a)) }
            return .number(RuleValues.number(a) - RuleValues.number(b))
        case .substr:
            let b = try argument(nodes, 1, data)
            let c = try argument(nodes, 2, data)
            try rest(nodes, from: 3, data)
            try chargeConversion(a)
            let out = RuleStrings.substr(RuleValues.string(a), b, c)
            try charge(out.utf8.count / 16)
            return .string(out)
        default:
            break
        }
        // The rest take every argument (the first is evaluated already).
        var values: [JSONData?] = nodes.isEmpty ? [] : [a]
        values.reserveCapacity(nodes.count)
        for node in nodes.dropFirst() {
            values.append(try evaluate(node, data))
        }
        if op != .merge && op != .missing && op != .missingSome {
            // The rest convert their arguments (`in` its first: its
            // second is charged by how it is searched).
            for value in values.prefix(op == .in ? 1 : values.count) {
                try chargeConversion(value)
            }
        }
        switch op {
        case .plus:
            var sum = 0.0
            for value in values {
                sum = (sum == 0 ? 0 : sum) + RuleValues.parseFloat(value)
            }
            return .number(sum)
        case .times:
            guard var product = values.first else { throw RuleStop() }
            for value in values.dropFirst() {
                product = .number(RuleValues.parseFloat(product) * RuleValues.parseFloat(value))
            }
            return product
        case .max, .min:
            var result: Double = op == .max ? -.infinity : .infinity
            for value in values {
                let n = RuleValues.number(value)
                if n.isNaN || result.isNaN {
                    result = .nan
                } else if op == .max ? n > result : n < result {
                    result = n
                }
            }
            return .number(result)
        case .in:
            let b = values.count > 1 ? values[1] : nil
            switch b {
            case let .array(items)? where !items.isEmpty:
                try charge(items.count)
                return .bool(items.contains { RuleValues.strictEqual($0, a) })
            case let .string(s)? where !s.isEmpty:
                try charge(s.utf8.count / 16)
                return .bool(RuleStrings.contains(s, RuleValues.string(a)))
            default:
                // (An empty array has indexOf, but holds nothing.)
                return .bool(false)
            }
        case .cat:
            var out = ""
            for value in values {
                switch value {
                case nil, .null?: break
                default: out += RuleValues.string(value)
                }
            }
            try charge(out.utf8.count / 16 + values.count)
            return .string(out)
        case .merge:
            var out: [JSONData] = []
            for value in values {
                if case let .array(items)? = value {
                    out += items
                } else {
                    out.append(value ?? .null)
                }
            }
            try charge(out.count)
            return .array(out)
        case .missing:
            return .array(try missing(values, data))
        case .missingSome:
            let need = values.count > 0 ? values[0] : nil
            let options = values.count > 1 ? values[1] : nil
            let absent = try missing(try reapplied(options, data), data)
            let length: Double
            switch options {
            case nil, .null?: throw RuleStop()
            case let .array(items)?: length = Double(items.count)
            case let .string(s)?: length = Double(s.utf16.count)
            default: length = .nan
            }
            return RuleValues.isLessOrEqual(need, .number(length - Double(absent.count))) ? .array([]) : .array(absent)
        case .semVer:
            return RuleFlagd.semVer(values)
        case .startsWith, .endsWith:
            return RuleFlagd.affix(values, prefix: op == .startsWith)
        case .fractional:
            if case let .key(key?) = bucketing { try charge(key.utf8.count / 16) }  // hashed once per call
            return RuleFlagd.fractional(values, data, bucketing)
        default:
            return .null
        }
    }

    /// `missing`: the keys whose `var` is null or "" (keys: the first
    /// argument when it is an array, else every argument).
    private mutating func missing(_ values: [JSONData?], _ data: JSONData) throws(RuleStop) -> [JSONData] {
        var keys = values
        if case let .array(items)? = values.first {
            keys = items.map { Optional($0) }
        }
        try charge(keys.count)
        var out: [JSONData] = []
        for key in keys {
            try chargeConversion(key)
            // Each key is looked up as {"var": KEY}: an array key is var's
            // argument list (a path and a default).
            var value: JSONData?
            if case let .array(parts)? = key {
                value = lookUp(RuleValues.path(parts.first), in: data) ?? (parts.count > 1 ? parts[1] : nil)
            } else {
                value = lookUp(RuleValues.path(key), in: data)
            }
            switch value {
            case nil, .null?: out.append(key ?? .null)
            case let .string(s)? where s.isEmpty: out.append(key ?? .null)
            default: break
            }
        }
        return out
    }

    /// `missing_some` hands its options to `missing` as a rule of their own:
    /// they are applied again (an object of one key from the data is logic).
    private mutating func reapplied(_ options: JSONData?, _ data: JSONData) throws(RuleStop) -> [JSONData?] {
        guard let options else { return [nil] }
        var compiler = RuleCompiler()
        let node: RuleNode
        do {
            node = try compiler.compile(options, depth: 1)
        } catch {
            throw RuleStop()
        }
        let value = try evaluate(node, data)
        if case .array = options, case let .array(items)? = value {
            return items.map { $0 }
        }
        return [value]
    }

    /// map, filter, reduce, all, none and some: the first argument is the
    /// array, the second the logic applied to each element (as the data),
    /// reduce's third its initial accumulator.
    private mutating func iterate(_ op: RuleOperator, _ nodes: [RuleNode], _ data: JSONData) throws(RuleStop) -> JSONData? {
        let scoped = try argument(nodes, 0, data)
        let logic = nodes.count > 1 ? nodes[1] : nil
        func each(_ datum: JSONData, _ evaluation: inout RuleEvaluation) throws(RuleStop) -> JSONData? {
            guard let logic else { return nil }
            return try evaluation.evaluate(logic, datum)
        }
        if op == .reduce {
            var accumulator = nodes.count > 2 ? try evaluate(nodes[2], data) : .null
            guard case let .array(items)? = scoped else { return accumulator }
            for item in items {
                var frame = JSONObject()
                frame["current"] = item
                if let accumulator { frame["accumulator"] = accumulator }
                accumulator = try each(.object(frame), &self)
                try RuleDepth.check(accumulator, &self)
            }
            return accumulator
        }
        guard case let .array(items)? = scoped else {
            return op == .map || op == .filter ? .array([]) : .bool(op == .none)
        }
        try charge(items.count)
        switch op {
        case .map:
            var out: [JSONData] = []
            out.reserveCapacity(items.count)
            for item in items {
                out.append(try each(item, &self) ?? .null)
            }
            return .array(out)
        case .filter:
            var out: [JSONData] = []
            for item in items where RuleValues.truthy(try each(item, &self)) {
                out.append(item)
            }
            return .array(out)
        default:
            if items.isEmpty { return .bool(op == .none) }
            let wanted = op != .all
            for item in items where RuleValues.truthy(try each(item, &self)) == wanted {
                return .bool(op == .some)
            }
            return .bool(op != .some)
        }
    }
}

/// The depth bound on values an evaluation builds (only `reduce` can build
/// without bound: each step may wrap the last).
enum RuleDepth {
    static func check(_ value: JSONData?, _ evaluation: inout RuleEvaluation) throws(RuleStop) {
        guard let value else { return }
        var stack: [(JSONData, Int)] = [(value, 1)]
        while let (current, depth) = stack.popLast() {
            if depth > Rule.maxValueDepth { throw RuleStop() }
            switch current {
            case let .array(items):
                try evaluation.charge(items.count)
                for item in items {
                    switch item {
                    case .array, .object: stack.append((item, depth + 1))
                    default: break
                    }
                }
            case let .object(object):
                try evaluation.charge(object.count)
                for item in object.values {
                    switch item {
                    case .array, .object: stack.append((item, depth + 1))
                    default: break
                    }
                }
            default: break
            }
        }
    }
}
