import Observation
import PerceptionCore

/// The properties every scenario reads and writes, so that one scenario runs against both
/// engines.
protocol TestSubject: AnyObject, Sendable {
  init()
  var count: Int { get set }
  var name: String { get set }
  var other: Int { get set }
  var child: Self? { get set }
  var values: [Int] { get set }
  /// Not tracked.
  var ignored: Int { get set }
}

/// The reference: a native `@Observable` class.
@Observable
final class NativeModel: TestSubject, @unchecked Sendable {
  var count = 0
  var name = ""
  var other = 0
  var child: NativeModel?
  var values: [Int] = []
  @ObservationIgnored var ignored = 0
  init() {}
}

/// The same class made perceptible by hand: exactly the code `@Perceptible` generates, which
/// is the `@Observable` expansion with names mapped, and conforms to `Observable` too (below).
final class PerceptionModel: TestSubject, Perceptible, @unchecked Sendable {
  private let _$perceptionRegistrar = PerceptionCore.PerceptionRegistrar()

  internal nonisolated func access<Member>(keyPath: KeyPath<PerceptionModel, Member>) {
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

  public nonisolated static func _perceptionPropertyName(
    _ keyPath: AnyKeyPath, of _: PerceptionModel.Type
  ) -> String? {
    switch keyPath {
    case \PerceptionModel.count: "count"
    case \PerceptionModel.name: "name"
    case \PerceptionModel.other: "other"
    case \PerceptionModel.child: "child"
    case \PerceptionModel.values: "values"
    default: nil
    }
  }

  private var _count = 0
  var count: Int {
    @storageRestrictions(initializes: _count)
    init(initialValue) { _count = initialValue }
    get {
      access(keyPath: \.count)
      return _count
    }
    set {
      guard shouldNotifyObservers(_count, newValue) else {
        _count = newValue
        return
      }
      withMutation(keyPath: \.count) { _count = newValue }
    }
    _modify {
      access(keyPath: \.count)
      _$perceptionRegistrar.willSet(self, keyPath: \.count)
      defer { _$perceptionRegistrar.didSet(self, keyPath: \.count) }
      yield &_count
    }
  }

  private var _name = ""
  var name: String {
    @storageRestrictions(initializes: _name)
    init(initialValue) { _name = initialValue }
    get {
      access(keyPath: \.name)
      return _name
    }
    set {
      guard shouldNotifyObservers(_name, newValue) else {
        _name = newValue
        return
      }
      withMutation(keyPath: \.name) { _name = newValue }
    }
    _modify {
      access(keyPath: \.name)
      _$perceptionRegistrar.willSet(self, keyPath: \.name)
      defer { _$perceptionRegistrar.didSet(self, keyPath: \.name) }
      yield &_name
    }
  }

  private var _other = 0
  var other: Int {
    @storageRestrictions(initializes: _other)
    init(initialValue) { _other = initialValue }
    get {
      access(keyPath: \.other)
      return _other
    }
    set {
      guard shouldNotifyObservers(_other, newValue) else {
        _other = newValue
        return
      }
      withMutation(keyPath: \.other) { _other = newValue }
    }
    _modify {
      access(keyPath: \.other)
      _$perceptionRegistrar.willSet(self, keyPath: \.other)
      defer { _$perceptionRegistrar.didSet(self, keyPath: \.other) }
      yield &_other
    }
  }

  private var _child: PerceptionModel? = nil
  var child: PerceptionModel? {
    @storageRestrictions(initializes: _child)
    init(initialValue) { _child = initialValue }
    get {
      access(keyPath: \.child)
      return _child
    }
    set {
      guard shouldNotifyObservers(_child, newValue) else {
        _child = newValue
        return
      }
      withMutation(keyPath: \.child) { _child = newValue }
    }
    _modify {
      access(keyPath: \.child)
      _$perceptionRegistrar.willSet(self, keyPath: \.child)
      defer { _$perceptionRegistrar.didSet(self, keyPath: \.child) }
      yield &_child
    }
  }

  private var _values: [Int] = []
  var values: [Int] {
    @storageRestrictions(initializes: _values)
    init(initialValue) { _values = initialValue }
    get {
      access(keyPath: \.values)
      return _values
    }
    set {
      guard shouldNotifyObservers(_values, newValue) else {
        _values = newValue
        return
      }
      withMutation(keyPath: \.values) { _values = newValue }
    }
    _modify {
      access(keyPath: \.values)
      _$perceptionRegistrar.willSet(self, keyPath: \.values)
      defer { _$perceptionRegistrar.didSet(self, keyPath: \.values) }
      yield &_values
    }
  }

  var ignored = 0

  init() {}
}

// As `@Perceptible` expands it: the class is also Observation's `Observable`.
extension PerceptionModel: Observable {}

/// A generic perceptible class: outside specialized code, each read of `value` makes a new key
/// path object, so it exercises matching key paths by value rather than by identity.
final class GenericPerceptionModel<Value: Sendable>: Perceptible, @unchecked Sendable {
  private let _$perceptionRegistrar = PerceptionCore.PerceptionRegistrar()

  internal nonisolated func access<Member>(keyPath: KeyPath<GenericPerceptionModel, Member>) {
    _$perceptionRegistrar.access(self, keyPath: keyPath)
  }

  internal nonisolated func withMutation<Member, MutationResult>(
    keyPath: KeyPath<GenericPerceptionModel, Member>,
    _ mutation: () throws -> MutationResult
  ) rethrows -> MutationResult {
    try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  private var _value: Value
  var value: Value {
    @storageRestrictions(initializes: _value)
    init(initialValue) { _value = initialValue }
    get {
      access(keyPath: \.value)
      return _value
    }
    set {
      withMutation(keyPath: \.value) { _value = newValue }
    }
  }

  init(value: Value) {
    self.value = value
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension GenericPerceptionModel: Observable {}

/// Key path literals written in this file: in a debug build each source file has its own object
/// for a literal, so these are equal to, but not identical with, the same literals elsewhere.
enum KeyPathsFormedInModelsFile {
  static var count: KeyPath<PerceptionModel, Int> { \PerceptionModel.count }
}
