import Perception

#if canImport(Observation)
  import Observation
#endif

// Each drop-in API, called the way swift-sharing, swift-navigation and the Composable
// Architecture call it (their sources at the lines named). The target is compiled with
// `-warnings-as-errors`: a deprecation that swift-perception does not have, on this platform,
// stops the build. (The Apple-only markings are compared by `CompatibilityClientTests`.)

/// swift-sharing's `_BoxReference` (Sources/Sharing/Internal/Reference.swift): a hand-written
/// `Perceptible & Observable` class with an unchecked registrar, and `access` with the call site.
final class SharedBox<Value>: Perceptible, @unchecked Sendable {
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
    keyPath: KeyPath<SharedBox, Member>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _$perceptionRegistrar.access(
      self,
      keyPath: keyPath,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  func withMutation<Member, MutationResult>(
    keyPath: KeyPath<SharedBox, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }
}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension SharedBox: Observable {}
#endif

/// swift-sharing's `Shared` and `SharedReader` (Sources/Sharing/Shared.swift): a struct made
/// `Perceptible` by an empty extension, reading under `skipPerceptionChecking`.
struct SharedValue<Value: Equatable> {
  let box: SharedBox<Value>
  func isEqual(_ other: Value) -> Bool {
    _PerceptionLocals.$skipPerceptionChecking.withValue(true) { box.wrappedValue == other }
  }
}
extension SharedValue: Perceptible {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension SharedValue: Observable {}

/// swift-navigation's `_UIBindingWrapper` (Sources/SwiftNavigation/UIBinding.swift): a registrar
/// called with `willSet`, `didSet` and `withMutation` from hand-written accessors.
final class BindingWrapper<Value>: Perceptible, @unchecked Sendable {
  private var _value: Value
  let _$registrar = PerceptionRegistrar()

  init(_ value: Value) { self._value = value }

  var value: Value {
    get {
      _$registrar.access(self, keyPath: \.value)
      return _value
    }
    set {
      _$registrar.withMutation(of: self, keyPath: \.value) { _value = newValue }
    }
    _modify {
      _$registrar.willSet(self, keyPath: \.value)
      defer { _$registrar.didSet(self, keyPath: \.value) }
      yield &_value
    }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension BindingWrapper: Observable {}

/// swift-navigation's `observe` (Sources/SwiftNavigation/Observe.swift): re-arming one-shot
/// tracking from its own `onChange`, until its token is cancelled (there, `ObserveToken`).
func observe(while isActive: SharedBox<Bool>, _ apply: @escaping @Sendable () -> Void) {
  withPerceptionTracking {
    apply()
  } onChange: {
    if isActive.wrappedValue { observe(while: isActive, apply) }
  }
}

/// swift-navigation's `skippingPerceptionChecking` (Sources/SwiftNavigation/Traits/Perception.swift).
@discardableResult
func skippingPerceptionChecking<R>(
  operation: () throws -> R, file: String = #fileID, line: UInt = #line
) rethrows -> R {
  try _PerceptionLocals.$skipPerceptionChecking.withValue(
    true, operation: operation, file: file, line: line)
}

/// swift-navigation's `_Observable` (Sources/SwiftNavigation/Traits/Perception.swift).
typealias _Observable = Perceptible

/// The Composable Architecture's `_isInPerceptionTracking`
/// (Sources/ComposableArchitecture/Observation/NavigationStack+Observation.swift).
var isInPerceptionTracking: Bool {
  #if DEBUG
    return _PerceptionLocals.isInPerceptionTracking || _PerceptionLocals.skipPerceptionChecking
  #else
    return false
  #endif
}

/// The Composable Architecture's view helpers, which set the task-local
/// (Sources/ComposableArchitecture/Observation/Store+Observation.swift).
func withViewBodyTracking<R>(_ isInViewBody: Bool, _ body: () -> R) -> R {
  _PerceptionLocals.$isInPerceptionTracking.withValue(isInViewBody) { body() }
}

/// The Composable Architecture's `ObservationStateRegistrar`
/// (Sources/ComposableArchitecture/Observation/ObservationStateRegistrar.swift).
struct StateRegistrar: Sendable {
  let registrar = PerceptionRegistrar()

  @_disfavoredOverload
  func access<Subject: Perceptible, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.access(subject, keyPath: keyPath)
  }

  @_disfavoredOverload
  func mutate<Subject: Perceptible, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ newValue: Value
  ) {
    registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
  }
}

/// The Composable Architecture's `ObservableState` and `Store`
/// (Sources/ComposableArchitecture/Observation/ObservableState.swift, Store.swift): a protocol
/// refining `Perceptible`, and a class made `Perceptible` by an extension with a registrar
/// whose checking is switched by a flag.
protocol ObservableState: Perceptible {}

final class Store: @unchecked Sendable {
  let _$observationRegistrar = PerceptionRegistrar(isPerceptionCheckingEnabled: true)
  private var _count = 0
  var count: Int {
    get {
      _$observationRegistrar.access(self, keyPath: \.count)
      return _count
    }
    set { _$observationRegistrar.withMutation(of: self, keyPath: \.count) { _count = newValue } }
  }
}
extension Store: Perceptible {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Store: Observable {}

/// The macros, as every client's models use them.
@Perceptible final class Counter: @unchecked Sendable {
  var count = 0
  @PerceptionIgnored var log: [Int] = []
}

/// Runs each call once and says what happened: one line per check, `ok` or `FAILED`.
func runClientCalls() -> Bool {
  var allPassed = true
  func check(_ name: String, _ passed: Bool) {
    print("\(passed ? "ok" : "FAILED") \(name)")
    allPassed = allPassed && passed
  }
  let fired = SharedBox(0)
  _ = fired.wrappedValue

  let box = SharedBox(1)
  let boxFired = SharedBox(false)
  withPerceptionTracking {
    _ = box.wrappedValue
  } onChange: {
    boxFired.wrappedValue = true
  }
  box.wrappedValue = 2
  check(
    "swift-sharing access(_:keyPath:fileID:filePath:line:column:) tracks", boxFired.wrappedValue)
  check("swift-sharing skipPerceptionChecking", SharedValue(box: box).isEqual(2))

  let binding = BindingWrapper(0)
  let bindingFired = SharedBox(0)
  withPerceptionTracking {
    _ = binding.value
  } onChange: {
    bindingFired.wrappedValue += 1
  }
  binding.value += 1
  check("swift-navigation willSet/didSet/_modify", bindingFired.wrappedValue == 1)

  let counter = Counter()
  let runs = SharedBox(0)
  // onChange runs before each write is stored, and re-arms by reading again.
  let isActive = SharedBox(true)
  observe(while: isActive) {
    _ = counter.count
    runs.wrappedValue += 1
  }
  counter.count = 5
  counter.count = 6
  check("swift-navigation observe re-arms", runs.wrappedValue == 3)
  // Cancelling the token: the next change ends the tracking, which lets go of the closure and
  // so of the counter it captures (a tracking left armed at exit is a cycle, with
  // Observation's registrar as with ours).
  isActive.wrappedValue = false
  counter.count = 7
  check("swift-navigation observe stops once cancelled", runs.wrappedValue == 3)
  check("swift-navigation skippingPerceptionChecking", skippingPerceptionChecking { true })

  #if DEBUG
    let inViewBody = true
  #else
    // As in TCA, where the task-local is only read in debug builds.
    let inViewBody = false
  #endif
  check(
    "TCA isInPerceptionTracking in a view body",
    withViewBodyTracking(true) { isInPerceptionTracking } == inViewBody)
  let store = Store()
  let storeFired = SharedBox(false)
  withPerceptionTracking {
    _ = store.count
  } onChange: {
    storeFired.wrappedValue = true
  }
  store.count = 1
  check("TCA Store registrar", storeFired.wrappedValue)
  let stateRegistrar = StateRegistrar()
  var stored = 0
  stateRegistrar.access(store, keyPath: \.count)
  stateRegistrar.mutate(store, keyPath: \.count, &stored, 3)
  check("TCA ObservationStateRegistrar", stored == 3)

  let previous = isPerceptionCheckingEnabled
  isPerceptionCheckingEnabled = false
  isPerceptionCheckingEnabled = previous
  check("isPerceptionCheckingEnabled", isPerceptionCheckingEnabled == previous)
  return allPassed
}
