/// A type that emits notifications to observers when its tracked properties change.
///
/// The counterpart of Observation's `Observable`. Conform by applying the `@Perceptible`
/// macro to a class rather than by hand; the protocol has no requirements.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
public protocol Perceptible {}
