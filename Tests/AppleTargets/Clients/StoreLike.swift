// Client corpus: a hand-written `Perceptible` class with its own `PerceptionRegistrar`, in the
// shape of the Composable Architecture's `Store`: a generic main-actor class, a registrar whose
// checking is switched by a flag, reads through `access` and writes through `withMutation`,
// `Perceptible` by an extension and `Observable` by another from iOS 17.
import Perception

#if canImport(Observation)
  import Observation
#endif

/// The state protocol stores observe, as TCA's `ObservableState`.
protocol ObservableStateLike: Perceptible {
  var _$id: Int { get }
}

let isStorePerceptionCheckingEnabled = true

@dynamicMemberLookup
@preconcurrency @MainActor
final class StoreLike<State, Action> {
  private var currentState: State
  private let reduce: (inout State, Action) -> Void
  let _$observationRegistrar = PerceptionRegistrar(
    isPerceptionCheckingEnabled: isStorePerceptionCheckingEnabled
  )

  init(initialState: State, reduce: @escaping (inout State, Action) -> Void) {
    self.currentState = initialState
    self.reduce = reduce
  }

  func send(_ action: Action) {
    var state = currentState
    reduce(&state, action)
    _$observationRegistrar.withMutation(of: self, keyPath: \.currentState) {
      currentState = state
    }
  }

  /// Tells observers that the state changed without writing it, as TCA's child-store
  /// subscription does.
  func notifyStateChanged() {
    _$observationRegistrar.withMutation(of: self, keyPath: \.currentState) {}
  }

  func withState<Value>(_ body: (State) -> Value) -> Value {
    body(currentState)
  }

  var state: State {
    _$observationRegistrar.access(self, keyPath: \.currentState)
    return currentState
  }

  subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }
}

extension StoreLike: Perceptible {}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension StoreLike: Observable {}
#endif

extension StoreLike: Equatable {
  nonisolated static func == (lhs: StoreLike, rhs: StoreLike) -> Bool { lhs === rhs }
}

extension StoreLike: Hashable {
  nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// TCA's `ObservationStateRegistrar`: a registrar in a struct, with disfavored helpers that
/// take the subject.
struct StateRegistrarLike: Sendable {
  private let registrar = PerceptionRegistrar()

  @_disfavoredOverload
  func access<Subject: Perceptible, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.access(subject, keyPath: keyPath)
  }

  @_disfavoredOverload
  func mutate<Subject: Perceptible, Member, Value>(
    _ subject: Subject, keyPath: WritableKeyPath<Subject, Member>, _ value: inout Value,
    _ newValue: Value, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if isIdentityEqual(value, newValue) {
      value = newValue
    } else {
      registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
    }
  }

  func willSet<Subject: Perceptible, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>)
  {
    registrar.willSet(subject, keyPath: keyPath)
  }

  func didSet<Subject: Perceptible, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.didSet(subject, keyPath: keyPath)
  }
}

/// A state struct made `Perceptible` by hand, as `@ObservableState` expands.
struct CounterState: ObservableStateLike {
  var _$id: Int { 0 }
  var _$observationRegistrar = StateRegistrarLike()
  private var _count = 0

  var count: Int {
    get {
      _$observationRegistrar.access(self, keyPath: \.count)
      return _count
    }
    set {
      _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, ==)
    }
  }
}

enum CounterAction {
  case increment
}

/// A reference model with a registrar of its own and the call-site-taking `access`, as
/// swift-sharing's reference boxes write it.
final class Box<Value>: Perceptible, @unchecked Sendable {
  private let _$perceptionRegistrar = PerceptionRegistrar(isPerceptionCheckingEnabled: false)
  private var value: Value

  init(_ value: Value) { self.value = value }

  var wrappedValue: Value {
    get {
      access(keyPath: \.value)
      return value
    }
    set {
      withMutation(keyPath: \.value) { value = newValue }
    }
  }

  func access<Member>(
    keyPath: KeyPath<Box, Member>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _$perceptionRegistrar.access(
      self, keyPath: keyPath, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func withMutation<Member, MutationResult>(
    keyPath: KeyPath<Box, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }
}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension Box: Observable {}
#endif

@MainActor
func useStore() {
  let store = StoreLike<CounterState, CounterAction>(initialState: CounterState()) {
    state, action in
    switch action {
    case .increment: state.count += 1
    }
  }
  withPerceptionTracking {
    _ = store.count
  } onChange: {
    print("store changed")
  }
  store.send(.increment)
  store.notifyStateChanged()
  _ = store.withState { $0.count }
  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
    #if canImport(Observation)
      // Observation's own tracking sees the store too, where it exists.
      withObservationTracking {
        _ = store.count
      } onChange: {
        print("observed")
      }
    #endif
  }
  let box = Box(1)
  box.wrappedValue += 1
}
