import Perception

/// The Perception side: the same class as `NativeModel` (in `NativeModels.swift`), made
/// perceptible by the real `@Perceptible` macro, so the benchmark measures exactly the code users
/// get. The macro's expansion is the `@Observable` expansion with names mapped (the macro tests
/// check that for a corpus of classes), but for the accessor bodies, which hand the registrar the
/// key path lazily: that difference is part of what the benchmark measures.
@Perceptible
final class PerceptionModel: BenchModel {
  var value = 0
  var other = 0
  var a = 0
  var b = 0
  var c = 0

  init() {}
}
