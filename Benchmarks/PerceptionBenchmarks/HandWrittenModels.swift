import Perception

#if canImport(Observation)
  import Observation
#endif

/// The hand-written path: a class that calls a `PerceptionRegistrar` from its own accessors, as
/// the Composable Architecture's `Store` and swift-sharing's references do, with a key path
/// literal on every call. It is `Perceptible`, and `Observable` where Observation exists, as
/// both of those are, so that its calls resolve to the registrar's `Observable` overloads there.
/// Plain get and set, no `_modify`: `+=` reads, then writes.
final class HandWrittenModel: BenchModel, Perceptible {
  private let registrar = PerceptionRegistrar()
  private var _value = 0
  private var _other = 0
  private var _a = 0
  private var _b = 0
  private var _c = 0

  init() {}

  var value: Int {
    get {
      registrar.access(self, keyPath: \.value)
      return _value
    }
    set {
      registrar.withMutation(of: self, keyPath: \.value) { _value = newValue }
    }
  }

  var other: Int {
    get {
      registrar.access(self, keyPath: \.other)
      return _other
    }
    set {
      registrar.withMutation(of: self, keyPath: \.other) { _other = newValue }
    }
  }

  var a: Int {
    get {
      registrar.access(self, keyPath: \.a)
      return _a
    }
    set {
      registrar.withMutation(of: self, keyPath: \.a) { _a = newValue }
    }
  }

  var b: Int {
    get {
      registrar.access(self, keyPath: \.b)
      return _b
    }
    set {
      registrar.withMutation(of: self, keyPath: \.b) { _b = newValue }
    }
  }

  var c: Int {
    get {
      registrar.access(self, keyPath: \.c)
      return _c
    }
    set {
      registrar.withMutation(of: self, keyPath: \.c) { _c = newValue }
    }
  }
}

#if canImport(Observation)
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension HandWrittenModel: Observable {}
#endif
