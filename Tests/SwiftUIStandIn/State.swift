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
///
/// While the graph updates (``StandInGraph/isUpdating``), the getter returns the value the
/// owner's last update gave this copy of the view, not the storage's current value, and marks
/// the storage read; a render loop renders the owner again after a write only once the state
/// was read during an update. OpenSwiftUI's `State.getValue(forReading:)` and
/// `StatePropertyBox.update(property:phase:)`
/// (Sources/OpenSwiftUICore/Data/State/State.swift), and `StoredLocationBase.wasRead` and
/// `updateValue` (Sources/OpenSwiftUICore/Data/State/StoredLocation.swift), at
/// OpenSwiftUIProject/OpenSwiftUI 069dd80: the getter returns the property's `_value`, which
/// the owner's update wrote into the view, while `GraphHost.isUpdating`, and the update reports
/// the signal's change only if `wasRead`. This is what swift-perception #117 shows: a view
/// rendered again without its owner sees the state of the owner's last update.
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

  /// The value: while the graph updates, the one of the owner's last update.
  public var wrappedValue: Value {
    get {
      guard StandInGraph.isUpdating else { return location.storage.value }
      location.storage.wasRead = true
      return location.valueAtUpdate ?? location.storage.value
    }
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

  // The same storage, either way: OpenSwiftUI's `StoredLocation` is itself the binding's
  // location, compared by identity.
  override func isSame(
    as other: BindingLocation<Value>, comparing comparison: BindingComparison
  ) -> Bool {
    guard let other = other as? StoredLocation<Value> else { return false }
    return state.storage === other.state.storage
  }
}

/// Where a state's storage is: shared by the copies of one view value, so that a render loop
/// can point them all at the storage the view's identity keeps, and give them the value of the
/// owner's update (OpenSwiftUI's `_value`, written into the view before its body).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package final class StateLocation<Value>: @unchecked Sendable {
  // Sendable: `storage` and `valueAtUpdate` are only set by the render loop, on the main actor,
  // before a render.
  package var storage: StateStorage<Value>
  /// The storage's value when the render loop last updated the owner with this view value; nil
  /// before its first update, when the getter returns the storage's.
  package var valueAtUpdate: Value?

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
  private var read = false
  private var signalsOnlyIfRead = false

  init(_ value: Value) {
    stored = value
  }

  /// The value; setting it calls `onChange`.
  package var value: Value {
    get { lock.withLock { stored } }
    set {
      let handler = lock.withLock { () -> (@Sendable () -> Void)? in
        stored = newValue
        return signalsOnlyIfRead && !read ? nil : onChangeHandler
      }
      handler?()
    }
  }

  /// Whether a getter read the state while the graph updated; never cleared, as OpenSwiftUI's
  /// `wasRead` is not.
  package var wasRead: Bool {
    get { lock.withLock { read } }
    set { lock.withLock { read = newValue } }
  }

  /// Calls `onChange` after each write, or, with `onlyIfRead`, after each write once the state
  /// was read during an update, as a render loop signals the owner.
  package func setOnChange(_ onChange: (@Sendable () -> Void)?, onlyIfRead: Bool) {
    lock.withLock {
      onChangeHandler = onChange
      signalsOnlyIfRead = onlyIfRead
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
  /// Sets whom the storage tells about writes: after each write, or, with `onlyIfRead`, after
  /// each once the state was read during an update.
  func setOnChange(_ onChange: (@Sendable () -> Void)?, onlyIfRead: Bool)
  /// Gives this copy of the view the storage's current value, as the owner's update does.
  func updateForRender()
  /// The value the owner's last update gave this copy of the view, nil before any: SwiftUI
  /// writes it into the view, so it is part of a copy of the view handed on as an input.
  var valueAtUpdate: Any? { get }
  /// What the copies of one view value share: the location of the value their owner gave them.
  var copies: ObjectIdentifier { get }
}

extension StandInState {
  /// Sets whom the storage tells about each write.
  package func setOnChange(_ onChange: (@Sendable () -> Void)?) {
    setOnChange(onChange, onlyIfRead: false)
  }
}

/// Whether the graph is updating: a render loop sets it around its renders. The stand-in's
/// `GraphHost.isUpdating` (OpenSwiftUI's, Sources/OpenSwiftUICore/Data/State/State.swift reads
/// it), which a `State`'s getter asks.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package enum StandInGraph {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var updating = false

  /// Whether a render loop is rendering.
  package static var isUpdating: Bool {
    get { lock.withLock { updating } }
    set { lock.withLock { updating = newValue } }
  }

  /// Whether this SwiftUI observes Observation's objects itself, as from iOS 17: a render loop
  /// then runs each body in `withObservationTracking` and renders that view again on a change
  /// (Apple's "Migrating from the Observable Object protocol to the Observable macro": SwiftUI
  /// tracks the observable properties a view's body reads). A task-local, so that one test
  /// models it without the others.
  @TaskLocal package static var observesNatively = false
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: StandInState {
  package func adoptStorage(from other: Any) {
    guard let other = other as? State<Value> else { return }
    location.storage = other.location.storage
  }

  package func setOnChange(_ onChange: (@Sendable () -> Void)?, onlyIfRead: Bool) {
    location.storage.setOnChange(onChange, onlyIfRead: onlyIfRead)
  }

  package func updateForRender() {
    location.valueAtUpdate = location.storage.value
  }

  package var valueAtUpdate: Any? { location.valueAtUpdate }

  package var copies: ObjectIdentifier { ObjectIdentifier(location) }
}
