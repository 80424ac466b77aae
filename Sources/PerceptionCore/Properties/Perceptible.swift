/// A type that emits notifications to observers when its tracked properties change.
///
/// The counterpart of Observation's `Observable`. Conform by applying the `@Perceptible` macro
/// to a class; a type conforming by hand has nothing to write.
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
  /// `@Perceptible` writes it: a key path to a computed property (every tracked property, once
  /// expanded) describes itself by its getter's address where the program's symbols cannot be
  /// found at run time. The `type` parameter only tells one class's function from its
  /// subclass's, an overload rather than an override; a subclass shares its superclass's
  /// conformance, so its own properties fall back on the key path's description.
  static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type) -> String?
}

extension _Perceptible {
  /// No name: a report or a trace line falls back on what the key path says of itself.
  public static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type)
    -> String?
  { nil }
}
