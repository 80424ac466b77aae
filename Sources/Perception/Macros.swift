/// Makes a class perceptible: reads of its stored properties are tracked by
/// ``/PerceptionCore/withPerceptionTracking(_:onChange:)``, and changes to them are announced to
/// its observers.
///
/// The counterpart of Observation's `@Observable`, for every platform and OS version. Each stored
/// instance `var` of the class becomes a computed property over private storage (`_name`) that
/// reports reads to a ``/PerceptionCore/PerceptionRegistrar`` and announces changes to it. The
/// class conforms to ``/PerceptionCore/Perceptible``, and to Observation's `Observable` where
/// Observation exists, so `withObservationTracking`, `Observations` and SwiftUI accept it too.
///
/// ```swift
/// @Perceptible
/// final class Counter {
///   var count = 0
///   @PerceptionIgnored var log: [String] = []
/// }
///
/// let counter = Counter()
/// withPerceptionTracking {
///   _ = counter.count
/// } onChange: {
///   print("count will change")
/// }
/// counter.count += 1  // prints "count will change", once
/// counter.log.append("untracked")  // prints nothing
/// ```
///
/// Mark a property ``PerceptionIgnored()`` to leave it untracked. The macro applies to classes
/// only; on a struct, enumeration, actor or protocol it is one error at the attribute. A `lazy var`
/// cannot be tracked (Swift allows no accessors on it): mark it `@PerceptionIgnored`, or see
/// <doc:MigratingToObservation> for the pattern that tracks it by hand. Its expansion is
/// `@Observable`'s, renamed, except where that one would not compile (a backquoted property name)
/// and in the accessors' bodies, which form the key path only when somebody needs it. It adds one
/// member of its own, `_perceptionPropertyName(_:)`, which names each tracked property for
/// perception checking's reports and the change trace in any build; and, in a class that is not
/// generic nor nested in a generic, local or extended type, one private static per tracked
/// property without attributes of its own, `_$perceptionKeyPath_name`, which holds the property's
/// key path, so that reads and writes compiled in any file hand observers the same object.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
@attached(
  member, names: named(_$perceptionRegistrar), named(access), named(withMutation),
  named(shouldNotifyObservers), named(_perceptionPropertyName))
@attached(memberAttribute)
@attached(extension, conformances: PerceptionCore.Perceptible, Observation.Observable)
public macro Perceptible() =
  #externalMacro(module: "PerceptionMacros", type: "PerceptibleMacro")

/// Tracks a stored property of a perceptible class.
///
/// ``Perceptible()`` adds this attribute to each property it tracks; it is the counterpart of
/// Observation's `@ObservationTracked`, and there is no need to write it by hand. It turns the
/// property into accessors over a private `_name` storage that keeps the property's initial value
/// and observers.
@available(iOS, deprecated: 26, renamed: "ObservationTracked")
@available(macOS, deprecated: 26, renamed: "ObservationTracked")
@available(tvOS, deprecated: 26, renamed: "ObservationTracked")
@available(watchOS, deprecated: 26, renamed: "ObservationTracked")
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`_`), prefixed(_$perceptionKeyPath_))
public macro PerceptionTracked() =
  #externalMacro(module: "PerceptionMacros", type: "PerceptionTrackedMacro")

/// Tracks a stored property of a perceptible class, with accessors that call the class's own
/// `access(keyPath:)` and `withMutation(keyPath:_:)` on every read and write when
/// `callingHelpers` is true.
///
/// ``Perceptible()`` adds it to the properties of a class that declares either helper itself, so
/// that the class's own helpers run on every read and write, as they do under `@Observable`.
/// Otherwise it adds ``PerceptionTracked()``, whose accessors reach the registrar directly.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`_`), prefixed(_$perceptionKeyPath_))
public macro PerceptionTracked(callingHelpers: Bool) =
  #externalMacro(module: "PerceptionMacros", type: "PerceptionTrackedMacro")

/// Leaves a property of a perceptible class untracked.
///
/// The counterpart of Observation's `@ObservationIgnored`: changes to the property do not notify
/// and reads of it are not tracked.
///
/// ```swift
/// @Perceptible
/// final class Search {
///   var query = ""
///   @PerceptionIgnored var cache: [String: [String]] = [:]
/// }
/// ```
///
/// It expands to nothing. It declares `willSet` as a name it may introduce only because the compiler
/// requires an accessor macro that adds no `get` to say so; it exempts Observation's own
/// `@ObservationIgnored` from that check by name.
@available(iOS, deprecated: 26, renamed: "ObservationIgnored")
@available(macOS, deprecated: 26, renamed: "ObservationIgnored")
@available(tvOS, deprecated: 26, renamed: "ObservationIgnored")
@available(watchOS, deprecated: 26, renamed: "ObservationIgnored")
@attached(accessor, names: named(willSet))
public macro PerceptionIgnored() =
  #externalMacro(module: "PerceptionMacros", type: "PerceptionIgnoredMacro")
