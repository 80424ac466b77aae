import Perception

#if canImport(Observation)
  import Observation
#endif

// The registrar's `Perceptible` entry points, as a class reaches them where its `Observable`
// conformance is not visible at the call: the Composable Architecture's `Store` built for a
// deployment target below iOS 17. Availability means nothing on Linux, so a caller generic
// over `Perceptible` is how the benchmark reaches them (issue 49).

@inline(__always)
func perceptibleRead<Subject: Perceptible, Member>(
  _ registrar: PerceptionRegistrar, _ subject: Subject,
  _ keyPath: @autoclosure () -> KeyPath<Subject, Member>
) {
  registrar.access(subject, keyPath: keyPath())
}

@inline(__always)
func perceptibleWrite<Subject: Perceptible, Member>(
  _ registrar: PerceptionRegistrar, _ subject: Subject,
  _ keyPath: @autoclosure () -> KeyPath<Subject, Member>, _ mutation: () -> Void
) {
  registrar.withMutation(of: subject, keyPath: keyPath(), mutation)
}

/// `HandWrittenModel`, calling the registrar through the `Perceptible` entry points; it is
/// `Observable` too, as `Store` is.
final class PerceptibleCalledModel: BenchModel, Perceptible {
  private let registrar = PerceptionRegistrar()
  private var _value = 0
  private var _other = 0
  private var _a = 0
  private var _b = 0
  private var _c = 0

  init() {}

  var value: Int {
    get {
      perceptibleRead(registrar, self, \.value)
      return _value
    }
    set { perceptibleWrite(registrar, self, \.value) { _value = newValue } }
  }

  var other: Int {
    get {
      perceptibleRead(registrar, self, \.other)
      return _other
    }
    set { perceptibleWrite(registrar, self, \.other) { _other = newValue } }
  }

  var a: Int {
    get {
      perceptibleRead(registrar, self, \.a)
      return _a
    }
    set { perceptibleWrite(registrar, self, \.a) { _a = newValue } }
  }

  var b: Int {
    get {
      perceptibleRead(registrar, self, \.b)
      return _b
    }
    set { perceptibleWrite(registrar, self, \.b) { _b = newValue } }
  }

  var c: Int {
    get {
      perceptibleRead(registrar, self, \.c)
      return _c
    }
    set { perceptibleWrite(registrar, self, \.c) { _c = newValue } }
  }
}

#if canImport(Observation)
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension PerceptibleCalledModel: Observable {}
#endif
