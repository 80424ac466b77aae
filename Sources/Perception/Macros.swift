/// Makes a class perceptible: its stored properties are tracked by `withPerceptionTracking`.
///
/// This is the counterpart of Observation's `@Observable`, for platforms where Observation is not
/// available. Each stored instance `var` of the class becomes a computed property over private
/// storage, that reports reads to a ``PerceptionRegistrar`` and announces changes to it. The class
/// conforms to ``Perceptible``, and to Observation's `Observable` where Observation exists, so
/// `withObservationTracking`, `Observations` and SwiftUI accept it too.
///
/// ```swift
/// @Perceptible
/// final class Counter {
///   var count = 0
/// }
/// ```
///
/// Mark a property ``PerceptionIgnored()`` to leave it untracked. The macro applies to classes only;
/// on a struct, enumeration, actor or protocol it is an error.
@available(iOS, deprecated: 17, renamed: "Observable")
@available(macOS, deprecated: 14, renamed: "Observable")
@available(tvOS, deprecated: 17, renamed: "Observable")
@available(watchOS, deprecated: 10, renamed: "Observable")
@attached(
  member, names: named(_$perceptionRegistrar), named(access), named(withMutation),
  named(shouldNotifyObservers))
@attached(memberAttribute)
@attached(extension, conformances: PerceptionCore.Perceptible, Observation.Observable)
public macro Perceptible() =
  #externalMacro(module: "PerceptionMacros", type: "PerceptibleMacro")

/// Tracks a stored property of a perceptible class.
///
/// ``Perceptible()`` adds this attribute to each property it tracks; it is the counterpart of
/// Observation's `@ObservationTracked`. It turns the property into accessors over a private `_name`
/// storage that keeps the property's initial value and observers.
@available(iOS, deprecated: 17, renamed: "ObservationTracked")
@available(macOS, deprecated: 14, renamed: "ObservationTracked")
@available(tvOS, deprecated: 17, renamed: "ObservationTracked")
@available(watchOS, deprecated: 10, renamed: "ObservationTracked")
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`_`))
public macro PerceptionTracked() =
  #externalMacro(module: "PerceptionMacros", type: "PerceptionTrackedMacro")

/// Tracks a stored property of a perceptible class, with accessors that call the class's own
/// `access(keyPath:)` and `withMutation(keyPath:_:)` on every read and write when
/// `callingHelpers` is true.
///
/// ``Perceptible()`` adds it to the properties of a class that declares either helper itself:
/// Otherwise it adds ``PerceptionTracked()``, whose accessors reach the registrar directly.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`_`))
public macro PerceptionTracked(callingHelpers: Bool) =
  #externalMacro(module: "PerceptionMacros", type: "PerceptionTrackedMacro")

/// Leaves a property of a perceptible class untracked.
///
/// The counterpart of Observation's `@ObservationIgnored`: changes to the property do not notify
/// and reads of it are not tracked.
///
/// It expands to nothing. It declares `willSet` as a name it may introduce only because the compiler
/// requires an accessor macro that adds no `get` to say so; it exempts Observation's own
/// `@ObservationIgnored` from that check by name.
@available(iOS, deprecated: 17, renamed: "ObservationIgnored")
@available(macOS, deprecated: 14, renamed: "ObservationIgnored")
@available(tvOS, deprecated: 17, renamed: "ObservationIgnored")
@available(watchOS, deprecated: 10, renamed: "ObservationIgnored")
@attached(accessor, names: named(willSet))
public macro PerceptionIgnored() =
  #externalMacro(module: "PerceptionMacros", type: "PerceptionIgnoredMacro")
