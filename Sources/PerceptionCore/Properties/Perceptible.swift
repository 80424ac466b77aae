/// A type that emits notifications to observers when its tracked properties change.
///
/// The counterpart of Observation's `Observable`. Conform by applying the `@Perceptible`
/// macro to a class rather than by hand. Its one requirement, inherited from `_Perceptible`, has
/// a default: a type conforming by hand has nothing to write.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
public protocol Perceptible: _Perceptible {}

/// What every `Perceptible` type is, under a name that is not deprecated.
///
/// The package's own code names this protocol where it means a perceptible type: naming
/// `Perceptible`, deprecated from iOS 26, would warn in every build for that target, and a
/// protocol extension cannot be marked deprecated without deprecating its members for their
/// callers.
public protocol _Perceptible {
  /// The name of the property `keyPath` names, such as `count`, for perception checking's
  /// reports and the change trace; nil when unknown.
  ///
  /// `@Perceptible` writes it, with the names of the properties it tracks: a key path to a
  /// computed property (every tracked property, once expanded) describes itself by the address
  /// of its getter wherever the program's symbols cannot be found at run time. Called only when
  /// a report or a trace line is made.
  ///
  /// The `type` parameter only tells one class's function from its subclass's: each
  /// `@Perceptible` class in a hierarchy declares its own, an overload rather than an override.
  /// (A subclass shares its superclass's conformance, so the names of a subclass's own
  /// properties fall back on the key path's description.)
  static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type) -> String?
}

extension _Perceptible {
  /// No name: a report or a trace line falls back on what the key path says of itself.
  public static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of type: Self.Type)
    -> String?
  { nil }
}
