import MacroExpansionDump

/// The program that exercises generated classes: for each class, each property read under
/// tracking against each write, on a fresh object, logging whether the tracking fired.
enum Probe {
  /// The extension that probes `fuzzClass`, in the rendering for one macro.
  static func probe(_ fuzzClass: FuzzClass, native: Bool) -> String {
    let type = fuzzClass.name
    var reads: [String] = []
    var writes: [String] = []
    for property in fuzzClass.properties where property.exists {
      let name = property.spelled(native: native)
      let subject = property.isInstance ? "$0" : type
      let instance = property.isInstance ? "" : "_ = $0; "
      reads.append("(\"\(property.label)\", { \(instance)_ = \(subject).\(name) })")
      guard property.isWritable else { continue }
      let value = property.type.newValue
      writes.append("(\"\(property.label)=\", { \(instance)\(subject).\(name) = \(value) })")
      writes.append(
        "(\"\(property.label)==\", { \(instance)let same = \(subject).\(name); \(subject).\(name) = same })"
      )
      if let mutation = property.type.mutation {
        writes.append("(\"\(property.label)~\", { \(instance)\(subject).\(name)\(mutation) })")
      }
    }
    let constraint = fuzzClass.isGeneric ? " where T == Int" : ""
    return """
      extension \(type)\(constraint) {
        static func fuzzProbe() -> [String] {
          var log: [String] = []
          let reads: [(String, (\(type)) -> Void)] = [
            \(reads.joined(separator: ",\n      "))
          ]
          let writes: [(String, (\(type)) -> Void)] = [
            \(writes.isEmpty ? "" : writes.joined(separator: ",\n      "))
          ]
          for (readName, read) in reads {
            for (writeName, write) in writes {
              let object = \(type)()
              let flag = FuzzFlag()
              fuzzTrack({ read(object) }, onChange: { flag.fired = true })
              write(object)
              log.append("\(type).\\(readName)<-\\(writeName):\\(flag.fired)")
            }
          }
          return log
        }
      }
      """
  }

  /// A whole program: the prelude, the classes, their probes and the calls.
  static func program(_ classes: [FuzzClass], native: Bool) -> String {
    var parts = [native ? nativePrelude : perceptionPrelude]
    for fuzzClass in classes {
      parts.append(fuzzClass.render(native: native))
      parts.append(probe(fuzzClass, native: native))
    }
    for fuzzClass in classes {
      let type = fuzzClass.isGeneric ? "\(fuzzClass.name)<Int>" : fuzzClass.name
      parts.append("for line in \(type).fuzzProbe() { print(line) }")
    }
    return parts.joined(separator: "\n\n") + "\n"
  }

  static let sharedPrelude = """
    final class FuzzFlag: @unchecked Sendable {
      var fired = false
    }
    """

  static let nativePrelude = """
    import Observation

    \(sharedPrelude)

    func fuzzTrack(_ apply: () -> Void, onChange: @escaping @Sendable () -> Void) {
      withObservationTracking(apply, onChange: onChange)
    }
    """

  /// Perception's macros, and a small registrar under the names the expansion uses, that fires a
  /// tracking's `onChange` once, on the first `willSet` of a key path read under it.
  static let perceptionPrelude = """
    \(MacroExpansionDump.macroDeclarations)

    \(sharedPrelude)

    final class FuzzObserver: @unchecked Sendable {
      var onChange: (@Sendable () -> Void)?
      init(_ onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }
    }

    final class FuzzRegistrations: @unchecked Sendable {
      var observers: [(AnyKeyPath, FuzzObserver)] = []
      nonisolated(unsafe) static var accessed: [(FuzzRegistrations, AnyKeyPath)]?
    }

    enum PerceptionCore {
      protocol Perceptible {}
      struct _PerceptionKeyPath<Root, Member>: @unchecked Sendable {
        let keyPath: KeyPath<Root, Member>
        init(_ keyPath: KeyPath<Root, Member>) { self.keyPath = keyPath }
      }
      // Codable, as the real registrar is, so that a class that declares `Codable` synthesizes
      // its coding with both macros.
      struct PerceptionRegistrar: Codable, Sendable {
        let registrations = FuzzRegistrations()
        init() {}
        init(from decoder: any Decoder) {}
        func encode(to encoder: any Encoder) {}
        func access<S: Perceptible, M>(_ subject: S, keyPath: KeyPath<S, M>) {
          FuzzRegistrations.accessed?.append((registrations, keyPath))
        }
        func willSet<S: Perceptible, M>(_ subject: S, keyPath: KeyPath<S, M>) {
          for (path, observer) in registrations.observers where path == keyPath {
            let onChange = observer.onChange
            observer.onChange = nil
            onChange?()
          }
        }
        func didSet<S: Perceptible, M>(_ subject: S, keyPath: KeyPath<S, M>) {}
        func withMutation<S: Perceptible, M, T>(
          of subject: S, keyPath: KeyPath<S, M>, _ mutation: () throws -> T
        ) rethrows -> T {
          willSet(subject, keyPath: keyPath)
          defer { didSet(subject, keyPath: keyPath) }
          return try mutation()
        }
        func _access<S: Perceptible, M>(
          _ subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>
        ) {
          access(subject, keyPath: lazyKeyPath().keyPath)
        }
        func _willSet<S: Perceptible, M>(
          _ subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>
        ) {
          willSet(subject, keyPath: lazyKeyPath().keyPath)
        }
        func _didSet<S: Perceptible, M>(
          _ subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>
        ) {
          didSet(subject, keyPath: lazyKeyPath().keyPath)
        }
        func _withMutation<S: Perceptible, M, T>(
          of subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>,
          _ mutation: () throws -> T
        ) rethrows -> T {
          try withMutation(of: subject, keyPath: lazyKeyPath().keyPath, mutation)
        }
      }
    }

    func fuzzTrack(_ apply: () -> Void, onChange: @escaping @Sendable () -> Void) {
      let outer = FuzzRegistrations.accessed
      FuzzRegistrations.accessed = []
      apply()
      let accessed = FuzzRegistrations.accessed ?? []
      FuzzRegistrations.accessed = outer.map { $0 + accessed }
      let observer = FuzzObserver(onChange)
      for (registrations, path) in accessed {
        registrations.observers.append((path, observer))
      }
    }
    """
}
