#if canImport(Observation)
  import Observation
#endif

/// How the native engine reaches a subject the registrar knows only as `Perceptible`: a
/// hand-written class called through the `Perceptible` overloads, as the Composable
/// Architecture's `Store` is when built for a deployment target below iOS 17. The subject's type
/// is cast to `Observable` and opened, and Observation gets the subject as itself, with a key
/// path of its own type. Where the type is concrete (a specialized, inlined call, as any
/// non-generic class's accessors are in an optimized build), the compiler folds the cast away,
/// and the call is Observation's own. A type that is not `Observable` cannot be observed on the
/// native engine: its first read or change is reported, once per type.
@usableFromInline
enum OpenedObservable {
  @inlinable @inline(__always)
  static func access<Subject, Member>(
    _ storage: AnyObject, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        guard let type = Subject.self as? any Observable.Type else {
          return notObservable(Subject.self)
        }
        access(storage, opening: type, subject, keyPath)
      }
    #endif
  }

  /// A `willSet` or `didSet` (`event`, an `EventBits` bit).
  @inlinable @inline(__always)
  static func announce<Subject, Member>(
    _ storage: AnyObject, _ event: UInt32, _ subject: Subject,
    _ keyPath: KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        guard let type = Subject.self as? any Observable.Type else {
          return notObservable(Subject.self)
        }
        announce(storage, event, opening: type, subject, keyPath)
      }
    #endif
  }

  #if canImport(Observation)
    // `Opened` is opened from `Subject.self`, so it is `Subject`: each cast below is from a
    // type to itself, checked. Not forced inline: specialized for a concrete `Subject`, the
    // opened type becomes that type, where an inlined body would keep it abstract (value
    // witness calls for every copy).

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    static func access<Opened: Observable, Subject, Member>(
      _ storage: AnyObject, opening _: Opened.Type, _ subject: Subject,
      _ keyPath: KeyPath<Subject, Member>
    ) {
      NativeRegistrarStorage.registrar(storage).access(
        itself(subject, as: Opened.self), keyPath: itsOwn(keyPath, as: Opened.self))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    static func announce<Opened: Observable, Subject, Member>(
      _ storage: AnyObject, _ event: UInt32, opening _: Opened.Type, _ subject: Subject,
      _ keyPath: KeyPath<Subject, Member>
    ) {
      NativeRegistrarStorage.announce(
        storage, event, itself(subject, as: Opened.self), itsOwn(keyPath, as: Opened.self))
    }

    @inlinable @inline(__always)
    static func itself<Subject, Opened>(_ subject: Subject, as _: Opened.Type) -> Opened {
      precondition(Subject.self == Opened.self, "Perception: a subject opened as another type")
      return unsafeBitCast(subject, to: Opened.self)
    }

    @inlinable @inline(__always)
    static func itsOwn<Subject, Opened, Member>(
      _ keyPath: KeyPath<Subject, Member>, as _: Opened.Type
    ) -> KeyPath<Opened, Member> {
      unsafeDowncast(keyPath, to: KeyPath<Opened, Member>.self)
    }
  #endif

  private static let lock = Lock()
  nonisolated(unsafe) private static var reported: Set<ObjectIdentifier> = []

  /// Reports `type`, once per process.
  @usableFromInline @inline(never)
  static func notObservable(_ type: Any.Type) {
    guard lock.withLock({ reported.insert(ObjectIdentifier(type)).inserted }) else { return }
    RuntimeReporter.report(RuntimeReport(message: notObservableMessage(type)))
  }

  static func notObservableMessage(_ type: Any.Type) -> String {
    "Perception: \(type) is Perceptible but not Observable, so the native engine (Swift's "
      + "Observation) cannot see its changes: no tracking, Perceptions or SwiftUI view "
      + "updates when they change. Conform it to Observable where Observation exists, "
      + "as @Perceptible does: '@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) "
      + "extension \(type): Observable {}'."
  }
}
