import Foundation

#if PERCEPTION_STATE_MACRO
  /// Makes a property a value the view owns: Xcode 27's `State()` macro, as Apple's
  /// documentation declares it ("State()"); the expansion is the stand-in's
  /// (Tests/SwiftUIStateMacro).
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  @attached(accessor, names: named(init), named(get), named(set))
  @attached(peer, names: prefixed(`_`), prefixed(__), prefixed(`$`))
  public macro State() = #externalMacro(module: "SwiftUIStateMacro", type: "StateMacro")

  /// Makes a property a value the view owns, with an initial value: Xcode 27's
  /// `State(initialValue:)` macro, as Apple's documentation declares it.
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  @attached(accessor, names: named(init), named(get), named(set))
  @attached(peer, names: prefixed(`_`), prefixed(__), prefixed(`$`))
  public macro State<Value>(initialValue: Value) =
    #externalMacro(module: "SwiftUIStateMacro", type: "StateMacro")
#endif

/// A value a view owns, kept for as long as the view keeps its identity: SwiftUI's `State`.
///
/// The first value is kept: a render loop hands each later copy of the view the storage of
/// the first (`adoptStorage(from:)`), as SwiftUI keeps state per identity. Setting it, from any
/// thread, calls the storage's `onChange`, which a render loop uses to render the view again.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct State<Value>: DynamicProperty {
  package let location: StateLocation<Value>

  /// Creates the state with its initial value.
  public init(wrappedValue value: Value) {
    location = StateLocation(StateStorage(value))
  }

  /// Creates the state with its initial value.
  public init(initialValue value: Value) {
    self.init(wrappedValue: value)
  }

  /// The value.
  public var wrappedValue: Value {
    get { location.storage.value }
    nonmutating set { location.storage.value = newValue }
  }

  /// A binding to the value, whose location is the state's storage.
  public var projectedValue: Binding<Value> {
    Binding(location: StoredLocation(location))
  }
}

/// A state's binding location: the storage the view's identity keeps, the same for every
/// binding of the state.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final class StoredLocation<Value>: BindingLocation<Value>, @unchecked Sendable {
  // Sendable: the storage guards its value.
  private let state: StateLocation<Value>

  init(_ state: StateLocation<Value>) {
    self.state = state
  }

  override func get() -> Value { state.storage.value }
  override func set(_ newValue: Value) { state.storage.value = newValue }

  override func isSame(as other: BindingLocation<Value>) -> Bool {
    guard let other = other as? StoredLocation<Value> else { return false }
    return state.storage === other.state.storage
  }
}

/// Where a state's storage is: shared by the copies of one view value, so that a render loop
/// can point them all at the storage the view's identity keeps.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package final class StateLocation<Value>: @unchecked Sendable {
  // Sendable: `storage` is only replaced by the render loop, on the main actor, before render.
  package var storage: StateStorage<Value>

  init(_ storage: StateStorage<Value>) {
    self.storage = storage
  }
}

/// A state's value, and whom to tell when it is set.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package final class StateStorage<Value>: @unchecked Sendable {
  // Sendable: every field is guarded by `lock`.
  private let lock = NSLock()
  private var stored: Value
  private var onChangeHandler: (@Sendable () -> Void)?

  init(_ value: Value) {
    stored = value
  }

  /// The value; setting it calls `onChange`.
  package var value: Value {
    get { lock.withLock { stored } }
    set {
      let handler = lock.withLock { () -> (@Sendable () -> Void)? in
        stored = newValue
        return onChangeHandler
      }
      handler?()
    }
  }

  /// Called after each write, on the writing thread.
  package var onChange: (@Sendable () -> Void)? {
    get { lock.withLock { onChangeHandler } }
    set { lock.withLock { onChangeHandler = newValue } }
  }
}

/// What a render loop does with a view's states, without knowing their value types.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package protocol StandInState {
  /// Points this state at the storage of `other`, a state of the same view's earlier copy.
  func adoptStorage(from other: Any)
  /// Sets whom the storage tells about writes.
  func setOnChange(_ onChange: (@Sendable () -> Void)?)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: StandInState {
  package func adoptStorage(from other: Any) {
    guard let other = other as? State<Value> else { return }
    location.storage = other.location.storage
  }

  package func setOnChange(_ onChange: (@Sendable () -> Void)?) {
    location.storage.onChange = onChange
  }
}
