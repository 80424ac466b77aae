/// A type that emits notifications to observers when its tracked properties change: the
/// counterpart of Observation's `Observable`. Conform by applying the `@Perceptible` macro.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
public protocol Perceptible: _Perceptible {}

/// What every `Perceptible` type is, under a name that is not deprecated: the package names it
/// where `Perceptible` would warn in every build for iOS 26, as a deprecated protocol extension
/// would deprecate its members for their callers.
public protocol _Perceptible {
  /// The name of the property `keyPath` names, such as `count`, for perception checking's
  /// reports and the change trace; nil when unknown.
  ///
  /// `@Perceptible` writes it, since a key path to a computed property (as every tracked one
  /// is) may name only its getter's address. `type` makes each class's function an overload,
  /// not an override: a subclass's own properties fall back on the key path's description.
  static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type) -> String?
}

extension _Perceptible {
  /// No name: a report or a trace line falls back on what the key path says of itself.
  public static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type)
    -> String?
  { nil }
}
