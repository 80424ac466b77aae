/// A type that emits notifications to observers when its tracked properties change: the
/// counterpart of Observation's `Observable`. Conform by applying the `@Perceptible` macro.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
public protocol Perceptible: _Perceptible {}

/// Every `Perceptible` type, under a name that is not deprecated: the package's uses of
/// `Perceptible` would warn in every build for iOS 26, and the members of its extensions would
/// be deprecated for their callers.
public protocol _Perceptible {
  /// The name of the property `keyPath` names (`count`), for reports and the trace; nil when
  /// unknown. `@Perceptible` writes it: a key path to a computed property (every tracked one)
  /// may name only its getter's address. `type` makes each class's function an overload, not an
  /// override, so a subclass's own properties fall back on the key path's description.
  static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type) -> String?
}

extension _Perceptible {
  /// No name: a report or a trace line falls back on what the key path says of itself.
  public static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type)
    -> String?
  { nil }
}
