/// Alerts in a recording: the definition each added alert is written as,
/// reused when an equal one is free, and the names the file gives them.
extension Recording {
    /// The recorded alert's definition name; nil (breaking the recording)
    /// for an alert it has not seen added.
    func alert(_ alert: Alert) -> String? {
        guard let entry = instances[ObjectIdentifier(alert)] else {
            fail("a call named \(alert.alertName), which the recording has not seen added")
            return nil
        }
        return definitions[entry.definition].name
    }

    /// The name the recording gives `alert` (its definition's), or nil when
    /// it has not recorded it or it has finished.
    public func name(of alert: Alert) -> String? {
        instances[ObjectIdentifier(alert)].map { definitions[$0.definition].name }
    }

    /// A dependency is added to the live `alert`: on the alert `other`, or
    /// on the id `id`. Such a call has no events and reads no clock, so it
    /// is only written down.
    func recordDependency(_ alert: Alert, on other: Alert) {
        append(.dependOnAlert(alert: self.alert(alert), on: dependencyName(other) ?? ""))
    }

    /// `recordDependency` for a dependency on the id `id`.
    func recordDependency(_ alert: Alert, id: String) {
        append(.dependOnID(alert: self.alert(alert), id: id))
    }

    /// `batch` is being added to `dispatch` (every check passed).
    func beginAdd<Batch: Collection<Alert>>(_ batch: Batch, on dispatch: Dispatch) {
        let pageNumber = pageIndex[ObjectIdentifier(dispatch)]!
        var names: [String] = []
        for alert in batch {
            var definition = Recording.definition(of: alert, page: pageNumber)
            // Earlier alerts of the batch are recorded already, as the
            // replay creates them in this order too.
            for dependency in alert.dependencies where dependency.state != .finished {
                definition.afterAlerts.append(dependencyName(dependency) ?? "")
            }
            let kept = reserved.removeValue(forKey: ObjectIdentifier(alert))?.name
            let index = kept.map { create(definition, name: $0) } ?? reuse(definition) ?? create(definition)
            names.append(definitions[index].name)
            instances[ObjectIdentifier(alert)] = (alert, index)
            busy.insert(index)
        }
        begin(.add(names))
    }

    /// A reusable definition equal to `definition` but for its name (the
    /// oldest such), taken out of `reusable`.
    func reuse(_ definition: Definition) -> Int? {
        let key = Recording.reuseKey(definition)
        guard var candidates = reusable[key] else { return nil }
        for (position, index) in candidates.enumerated() {
            var candidate = definition
            candidate.name = definitions[index].name
            if candidate == definitions[index] {
                candidates.remove(at: position)
                reusable[key] = candidates.isEmpty ? nil : candidates
                return index
            }
        }
        return nil
    }

    /// A hash of the fields that tell definitions apart most often (equal
    /// definitions have equal keys; `==` decides).
    static func reuseKey(_ d: Definition) -> Int {
        var hasher = Hasher()
        hasher.combine(d.id)
        hasher.combine(d.page)
        hasher.combine(d.priority)
        hasher.combine(d.exclusive.rawValue)
        hasher.combine(d.lane)
        hasher.combine(d.ready)
        hasher.combine(d.values.duration)
        hasher.combine(d.values.ttl)
        hasher.combine(d.content.title)
        hasher.combine(d.content.message)
        hasher.combine(d.tags.count)
        hasher.combine(d.after.count)
        return hasher.finalize()
    }

    func create(_ definition: Definition, name kept: String? = nil) -> Int {
        var named = definition
        named.name = kept ?? newName(for: definition.id)
        definitions.append(named)
        return definitions.count - 1
    }

    /// A name not used yet: the id, else "id#2", "id#3"...; "#1", "#2"...
    /// for alerts without id.
    func newName(for id: String?) -> String {
        var name: String
        if let id, !usedAlertNames.contains(id) {
            name = id
        } else {
            var n = 2
            if id == nil {
                anonymousCount += 1
                n = anonymousCount
            } else if let last = lastSuffix[id!] {
                n = last + 1
            }
            repeat {
                name = "\(id ?? "")#\(n)"
                n += 1
            } while usedAlertNames.contains(name)
            if let id {
                lastSuffix[id] = n - 1
            }
        }
        usedAlertNames.insert(name)
        return name
    }

    /// `alert`'s configuration, without a name yet nor handle dependencies.
    /// An alert without id has no caps in the file: it can never be added
    /// with them (the add is `.invalidArgument`), and the loader refuses
    /// them; such a one is only ever an idle dependency.
    static func definition(of alert: Alert, page: Int) -> Definition {
        Definition(
            name: "", id: alert.id, page: page, priority: alert.priority, exclusive: alert.exclusive,
            after: alert.dependencyIDs, afterAlerts: [], ready: !alert.startsWaiting, target: alert.target,
            content: alert.content, avoidKeyboard: alert.avoidsKeyboard, keyboardAdjust: alert.keyboardAdjust,
            frame: alert.frame, tags: alert.tagKeys.map { $0.string },
            properties: alert.properties, values: PropertyValues(of: alert), lane: alert.laneKey?.string ?? "main",
            caps: alert.id == nil ? CapRules() : alert.caps,
            windows: alert.extras?.windowRules ?? WindowRules(), holds: alert.holds)
    }

    /// The name of an alert something depends on by handle: a recorded
    /// one's, or one kept for an idle alert (not added yet); nil, breaking
    /// the recording, for an alert added where the recording does not see.
    func dependencyName(_ dependency: Alert) -> String? {
        if let entry = instances[ObjectIdentifier(dependency)] {
            return definitions[entry.definition].name
        }
        if dependency.state == .idle {
            return reserve(dependency)
        }
        fail("an alert depends on \(dependency.alertName), which was added where the recording does not see")
        return nil
    }

    /// Definitions for the idle alerts kept a name that were never added:
    /// the replay creates them to depend on, as they are now (on the first
    /// page: never added, their page does not matter).
    func unaddedDependencies() -> [Definition] {
        reserved.values.sorted { $0.name < $1.name }.map { kept in
            var definition = Recording.definition(of: kept.alert, page: 0)
            definition.name = kept.name
            return definition
        }
    }

    func reserve(_ alert: Alert) -> String {
        if let kept = reserved[ObjectIdentifier(alert)] {
            return kept.name
        }
        let name = newName(for: alert.id)
        reserved[ObjectIdentifier(alert)] = (alert, name)
        return name
    }
}
