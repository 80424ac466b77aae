/// A type that emits notifications to observers when its tracked properties change.
///
/// The counterpart of Observation's `Observable`. Conform by applying the `@Perceptible`
/// macro to a class rather than by hand; the protocol has no requirements.
public protocol Perceptible {}
