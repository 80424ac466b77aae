import PerceptionCore

/// The Perception side: exactly what `@Perceptible` generates for `NativeModel` (in
/// `NativeModels.swift`), written out by hand so the benchmark measures the runtime and does not
/// depend on the macro target. It is the `@Observable` expansion printed by
/// `swiftc -typecheck -Xfrontend -dump-macro-expansions` with Observation's names mapped to
/// Perception's; member order follows the expansion.
final class PerceptionModel: BenchModel {
  var value: Int = 0 {
    @storageRestrictions(initializes: _value)
    init(initialValue) {
      _value = initialValue
    }
    get {
      access(keyPath: \.value)
      return _value
    }
    set {
      guard shouldNotifyObservers(_value, newValue) else {
        _value = newValue
        return
      }
      withMutation(keyPath: \.value) {
        _value = newValue
      }
    }
    _modify {
      access(keyPath: \.value)
      _$perceptionRegistrar.willSet(self, keyPath: \.value)
      defer {
        _$perceptionRegistrar.didSet(self, keyPath: \.value)
      }
      yield &_value
    }
  }
  private var _value: Int = 0

  var other: Int = 0 {
    @storageRestrictions(initializes: _other)
    init(initialValue) {
      _other = initialValue
    }
    get {
      access(keyPath: \.other)
      return _other
    }
    set {
      guard shouldNotifyObservers(_other, newValue) else {
        _other = newValue
        return
      }
      withMutation(keyPath: \.other) {
        _other = newValue
      }
    }
    _modify {
      access(keyPath: \.other)
      _$perceptionRegistrar.willSet(self, keyPath: \.other)
      defer {
        _$perceptionRegistrar.didSet(self, keyPath: \.other)
      }
      yield &_other
    }
  }
  private var _other: Int = 0

  var a: Int = 0 {
    @storageRestrictions(initializes: _a)
    init(initialValue) {
      _a = initialValue
    }
    get {
      access(keyPath: \.a)
      return _a
    }
    set {
      guard shouldNotifyObservers(_a, newValue) else {
        _a = newValue
        return
      }
      withMutation(keyPath: \.a) {
        _a = newValue
      }
    }
    _modify {
      access(keyPath: \.a)
      _$perceptionRegistrar.willSet(self, keyPath: \.a)
      defer {
        _$perceptionRegistrar.didSet(self, keyPath: \.a)
      }
      yield &_a
    }
  }
  private var _a: Int = 0

  var b: Int = 0 {
    @storageRestrictions(initializes: _b)
    init(initialValue) {
      _b = initialValue
    }
    get {
      access(keyPath: \.b)
      return _b
    }
    set {
      guard shouldNotifyObservers(_b, newValue) else {
        _b = newValue
        return
      }
      withMutation(keyPath: \.b) {
        _b = newValue
      }
    }
    _modify {
      access(keyPath: \.b)
      _$perceptionRegistrar.willSet(self, keyPath: \.b)
      defer {
        _$perceptionRegistrar.didSet(self, keyPath: \.b)
      }
      yield &_b
    }
  }
  private var _b: Int = 0

  var c: Int = 0 {
    @storageRestrictions(initializes: _c)
    init(initialValue) {
      _c = initialValue
    }
    get {
      access(keyPath: \.c)
      return _c
    }
    set {
      guard shouldNotifyObservers(_c, newValue) else {
        _c = newValue
        return
      }
      withMutation(keyPath: \.c) {
        _c = newValue
      }
    }
    _modify {
      access(keyPath: \.c)
      _$perceptionRegistrar.willSet(self, keyPath: \.c)
      defer {
        _$perceptionRegistrar.didSet(self, keyPath: \.c)
      }
      yield &_c
    }
  }
  private var _c: Int = 0

  init() {}

  private let _$perceptionRegistrar = PerceptionCore.PerceptionRegistrar()

  internal nonisolated func access<Member>(
    keyPath: KeyPath<PerceptionModel, Member>
  ) {
    _$perceptionRegistrar.access(self, keyPath: keyPath)
  }

  internal nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<PerceptionModel, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private nonisolated func shouldNotifyObservers<Member>(_ lhs: Member, _ rhs: Member) -> Bool {
    true
  }

  private nonisolated func shouldNotifyObservers<Member: Equatable>(
    _ lhs: Member, _ rhs: Member
  ) -> Bool {
    lhs != rhs
  }

  private nonisolated func shouldNotifyObservers<Member: AnyObject>(
    _ lhs: Member, _ rhs: Member
  ) -> Bool {
    lhs !== rhs
  }

  private nonisolated func shouldNotifyObservers<Member: Equatable & AnyObject>(
    _ lhs: Member, _ rhs: Member
  ) -> Bool {
    lhs != rhs
  }
}

extension PerceptionModel: nonisolated PerceptionCore.Perceptible {}
