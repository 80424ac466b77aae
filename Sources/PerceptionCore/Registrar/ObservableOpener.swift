#if canImport(Observation)
  import Observation

  /// How the native engine reaches a subject the registrar knows only as `Perceptible`: a
  /// hand-written class called through the `Perceptible` overloads, as the Composable
  /// Architecture's `Store` is when built for a deployment target below iOS 17. Decided once per
  /// type: an `Observable` type gets an `OpenedObservable`, which hands Observation the subject
  /// as itself with a key path of its own type; any other type gets this base, which observes
  /// nothing (Observation cannot see it) and was reported when it was made.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  class ObservableOpener: @unchecked Sendable {
    // Sendable: immutable, and `OpenedObservable` holds nothing.
    init() {}

    /// Whether Observation sees the type: false for this base.
    var isObservable: Bool { false }

    func access<Subject, Member>(
      _ registrar: ObservationRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {}

    func willSet<Subject, Member>(
      _ registrar: ObservationRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {}

    func didSet<Subject, Member>(
      _ registrar: ObservationRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {}

    /// The opener of `Subject`, decided on its first use in the process.
    @inline(__always)
    static func of<Subject>(_ type: Subject.Type) -> ObservableOpener {
      SubjectTypeMap.find(type, as: ObservableOpener.self) ?? decide(for: type)
    }

    private static let lock = Lock()

    @inline(never)
    private static func decide<Subject>(for type: Subject.Type) -> ObservableOpener {
      let (opener, isNew) = lock.withLock {
        if let opener = SubjectTypeMap.find(type, as: ObservableOpener.self) {
          return (opener, false)
        }
        // The static type's conformance: the opened type is `Subject` itself.
        var opener = ObservableOpener()
        if let observable = type as? any Observable.Type { opener = opened(observable) }
        SubjectTypeMap.insert(type, opener)
        return (opener, true)
      }
      if isNew, !opener.isObservable {
        RuntimeReporter.report(RuntimeReport(message: notObservableMessage(type)))
      }
      return opener
    }

    private static func opened<Opened: Observable>(_ type: Opened.Type) -> ObservableOpener {
      OpenedObservable<Opened>()
    }

    static func notObservableMessage(_ type: Any.Type) -> String {
      "Perception: \(type) is Perceptible but not Observable, so the native engine (Swift's "
        + "Observation) cannot see its changes: no tracking, Perceptions or SwiftUI view "
        + "updates when they change. Conform it to Observable where Observation exists, "
        + "as @Perceptible does: '@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) "
        + "extension \(type): Observable {}'."
    }
  }

  /// Observation's entry points for `Opened`, the one type whose opener this is.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class OpenedObservable<Opened: Observable>: ObservableOpener, @unchecked Sendable {
    override var isObservable: Bool { true }

    override func access<Subject, Member>(
      _ registrar: ObservationRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
      registrar.access(Self.itself(subject), keyPath: Self.itsOwn(keyPath))
    }

    override func willSet<Subject, Member>(
      _ registrar: ObservationRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
      registrar.willSet(Self.itself(subject), keyPath: Self.itsOwn(keyPath))
    }

    override func didSet<Subject, Member>(
      _ registrar: ObservationRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
      registrar.didSet(Self.itself(subject), keyPath: Self.itsOwn(keyPath))
    }

    // `ObservableOpener.of(_:)` gives this opener for `Opened` alone, so `Subject` is `Opened`:
    // each cast is from a type to itself, checked.

    @inline(__always)
    private static func itself<Subject>(_ subject: Subject) -> Opened {
      precondition(Subject.self == Opened.self, "Perception: an opener used for another type")
      return unsafeBitCast(subject, to: Opened.self)
    }

    @inline(__always)
    private static func itsOwn<Subject, Member>(
      _ keyPath: KeyPath<Subject, Member>
    ) -> KeyPath<Opened, Member> {
      unsafeDowncast(keyPath, to: KeyPath<Opened, Member>.self)
    }
  }
#endif
