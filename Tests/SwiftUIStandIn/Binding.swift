/// A reference to a value that something else owns: SwiftUI's `Binding`.
///
/// Declared as Apple's documentation declares it ("Binding": `@frozen @propertyWrapper
/// @dynamicMemberLookup struct Binding<Value>`, Sendable where `Value` is); the stand-in leaves
/// out `@frozen`, which only matters to library evolution.
///
/// A binding reads and writes through a location, and SwiftUI decides whether a view's binding
/// input changed by comparing its location, and the value it was made with (swift-perception
/// #55 and #56): a binding made with `init(get:set:)` is a new location each time; a binding
/// projected from another one with a key path (`$base.property`) is the same location as
/// another projection of the same base location with an equal key path; a state's binding is
/// its storage's location. ``isSameLocation(as:comparing:)`` is the first comparison, and
/// `isSameInput(asAny:comparing:)` both, for the tests and the render loop.
///
/// How locations are compared depends on the semantics the app runs under, a switch here
/// (``BindingComparison``): by identity, or with `==`. OpenSwiftUI's `LocationBox.isEqual(to:)`
/// (Sources/OpenSwiftUICore/Data/Binding/Location.swift, at OpenSwiftUIProject/OpenSwiftUI
/// 069dd80) compares boxes with `===` unless `_SemanticFeature_v5` is enabled, and then the boxed
/// locations with `==`: a `FunctionalLocation` (a closure binding) compares its closures, which
/// never compare equal, a projection its base location and its key path, an `ObjectLocation`
/// (`Binding+ObjectLocation.swift`, made by `ObservedObject.Wrapper` and `Bindable`) its object,
/// by identity, and its key path; by identity, a projection is the box its base's cache
/// (`LocationProjectionCache`) keeps for an equal key path, and an `ObjectLocation` a new box.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  package let location: BindingLocation<Value>
  /// The value when the binding was made, which SwiftUI compares with the location when it
  /// compares a view's inputs (a binding whose value changed is a changed input).
  package let valueWhenMade: Value

  package init(location: BindingLocation<Value>) {
    self.location = location
    valueWhenMade = location.get()
  }

  /// Creates a binding that reads with `get` and writes with `set`.
  ///
  /// Apple's declaration ("init(get:set:)"):
  /// `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
  /// set: @escaping @isolated(any) @Sendable (Value) -> Void)`.
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    self.init(location: ClosureLocation(get: get, set: set))
  }

  /// The value, read and written through the binding's location.
  public var wrappedValue: Value {
    get { location.get() }
    nonmutating set { location.set(newValue) }
  }

  /// The binding itself.
  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value, projected from this binding's location.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    Binding<Subject>(location: ProjectedLocation(base: location, keyPath: keyPath))
  }

  /// Whether SwiftUI sees `other` as this same binding when it compares a view's inputs: the
  /// same location, as `comparison` compares locations.
  package func isSameLocation(
    as other: Binding<Value>, comparing comparison: BindingComparison = .identity
  ) -> Bool {
    location.isSame(as: other.location, comparing: comparison)
  }
}

/// How the graph compares two bindings' locations: the switch of the stand-in's model.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package enum BindingComparison: Sendable, CaseIterable {
  /// By the identity of the location's box (OpenSwiftUI without `_SemanticFeature_v5`).
  case identity
  /// With `==` on the boxed locations (OpenSwiftUI with `_SemanticFeature_v5`).
  case equality
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: Sendable where Value: Sendable {}

/// Where a binding reads and writes its value. (The stand-in's model, available as `Binding` is.)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package class BindingLocation<Value>: @unchecked Sendable {
  // Sendable: the stand-in's locations are immutable, or guard their storage (State's).
  package func get() -> Value { fatalError("abstract") }
  package func set(_ newValue: Value) { fatalError("abstract") }

  /// Whether `other` is this location, as `comparison` compares. By identity, unless a location
  /// says otherwise.
  package func isSame(
    as other: BindingLocation<Value>, comparing comparison: BindingComparison
  ) -> Bool { self === other }
}

/// The location of a binding made from closures: a new location each time, as SwiftUI cannot
/// compare closures; with `==`, not even the same location equals itself (OpenSwiftUI's
/// `FunctionalLocation.==` compares the closures with `compareValues`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final class ClosureLocation<Value>: BindingLocation<Value>, @unchecked Sendable {
  private typealias Getter = @Sendable () -> Value
  private typealias Setter = @Sendable (Value) -> Void
  private let getter: Getter
  private let setter: Setter

  init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    // SwiftUI calls a binding's closures synchronously, on the caller's thread; Swift has no
    // synchronous call of an `@isolated(any)` function, so the stand-in drops the isolation
    // (the representations are the same; the tests call bindings on the main actor). The cast
    // is generic over the function type, whose metadata only the iOS 18 (macOS 15) runtime can
    // make; the stand-in runs only on Linux, where that is always true. Compiled for an earlier
    // Apple target it type-checks, and would stop rather than guess.
    if #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, *) {
      getter = unsafeBitCast(get, to: Getter.self)
      setter = unsafeBitCast(set, to: Setter.self)
    } else {
      fatalError("the SwiftUI stand-in runs on Linux only")
    }
  }

  override func get() -> Value { getter() }
  override func set(_ newValue: Value) { setter(newValue) }

  override func isSame(
    as other: BindingLocation<Value>, comparing comparison: BindingComparison
  ) -> Bool {
    comparison == .identity && self === other
  }
}

/// The location of a binding projected from another binding with a key path: the same as
/// another projection of the same base location with an equal key path (by identity, the box
/// the base's projection cache keeps; with `==`, OpenSwiftUI's `ProjectedLocation`'s synthesized
/// `==`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final class ProjectedLocation<Base, Value>: BindingLocation<Value>, @unchecked Sendable {
  private let base: BindingLocation<Base>
  private let keyPath: WritableKeyPath<Base, Value>

  init(base: BindingLocation<Base>, keyPath: WritableKeyPath<Base, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  override func get() -> Value { base.get()[keyPath: keyPath] }

  override func set(_ newValue: Value) {
    var value = base.get()
    value[keyPath: keyPath] = newValue
    base.set(value)
  }

  override func isSame(
    as other: BindingLocation<Value>, comparing comparison: BindingComparison
  ) -> Bool {
    guard let other = other as? ProjectedLocation<Base, Value> else { return false }
    return base.isSame(as: other.base, comparing: comparison) && keyPath == other.keyPath
  }
}

/// What a render loop compares in a view's inputs, without knowing a binding's value type.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package protocol StandInBinding {
  /// Whether SwiftUI would see `other` as this same input: a binding to the same location, as
  /// `comparison` compares locations, made when the value was equal.
  func isSameInput(asAny other: Any, comparing comparison: BindingComparison) -> Bool
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: StandInBinding {
  package func isSameInput(asAny other: Any, comparing comparison: BindingComparison) -> Bool {
    guard let other = other as? Binding<Value>, isSameLocation(as: other, comparing: comparison)
    else { return false }
    guard let value = valueWhenMade as? any Equatable else { return false }
    return value.isEqual(toAny: other.valueWhenMade)
  }
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    (other as? Self) == self
  }
}

/// The location of a binding to an object's property, as `ObservedObject.Wrapper` and
/// `Bindable` make it: with `==`, the same as another to the same object, by identity, and key
/// path; by identity, a new location each time (OpenSwiftUI's `Binding.init(_:keyPath:)` boxes
/// a new `ObjectLocation`, Sources/OpenSwiftUICore/Data/Binding/Binding+ObjectLocation.swift).
/// (The stand-in's model, available as `Binding` is.)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final class ObjectLocation<Object: AnyObject, Value>: BindingLocation<Value>, @unchecked Sendable {
  // Sendable: the tests read and write bindings on the main actor, as SwiftUI's controls do.
  private let object: Object
  private let keyPath: ReferenceWritableKeyPath<Object, Value>

  init(object: Object, keyPath: ReferenceWritableKeyPath<Object, Value>) {
    self.object = object
    self.keyPath = keyPath
  }

  override func get() -> Value { object[keyPath: keyPath] }
  override func set(_ newValue: Value) { object[keyPath: keyPath] = newValue }

  override func isSame(
    as other: BindingLocation<Value>, comparing comparison: BindingComparison
  ) -> Bool {
    guard comparison == .equality else { return self === other }
    guard let other = other as? ObjectLocation<Object, Value> else { return false }
    return object === other.object && keyPath == other.keyPath
  }
}
