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
/// its storage's location. ``isSameLocation(as:)`` is the first comparison, and
/// `isSameInput(asAny:)` both, for the tests and the render loop.
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
  /// same location.
  package func isSameLocation(as other: Binding<Value>) -> Bool {
    location.isSame(as: other.location)
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: Sendable where Value: Sendable {}

/// Where a binding reads and writes its value. (The stand-in's model, available as `Binding` is.)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package class BindingLocation<Value>: @unchecked Sendable {
  // Sendable: the stand-in's locations are immutable, or guard their storage (State's).
  package func get() -> Value { fatalError("abstract") }
  package func set(_ newValue: Value) { fatalError("abstract") }

  /// Whether `other` is this location. By identity, unless a location says otherwise.
  package func isSame(as other: BindingLocation<Value>) -> Bool { self === other }
}

/// The location of a binding made from closures: a new location each time, as SwiftUI cannot
/// compare closures.
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
}

/// The location of a binding projected from another binding with a key path: the same as
/// another projection of the same base location with an equal key path.
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

  override func isSame(as other: BindingLocation<Value>) -> Bool {
    guard let other = other as? ProjectedLocation<Base, Value> else { return false }
    return base.isSame(as: other.base) && keyPath == other.keyPath
  }
}

/// What a render loop compares in a view's inputs, without knowing a binding's value type.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package protocol StandInBinding {
  /// Whether SwiftUI would see `other` as this same input: a binding to the same location,
  /// made when the value was equal.
  func isSameInput(asAny other: Any) -> Bool
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: StandInBinding {
  package func isSameInput(asAny other: Any) -> Bool {
    guard let other = other as? Binding<Value>, isSameLocation(as: other) else { return false }
    guard let value = valueWhenMade as? any Equatable else { return false }
    return value.isEqual(toAny: other.valueWhenMade)
  }
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    (other as? Self) == self
  }
}
