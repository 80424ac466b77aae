import Perception

/// What every case reads and writes: five stored `Int` properties, declared by both model
/// classes. The cases are generic over `Engine`, so each case is written once and specialized
/// (in release, whole-module) into direct calls for each engine.
protocol BenchModel: ModelBase {
  init()
  var value: Int { get set }
  var other: Int { get set }
  var a: Int { get set }
  var b: Int { get set }
  var c: Int { get set }
}

#if compiler(>=6.2)
  /// The two-thread cases capture a model's type in `@Sendable` closures, which Swift 6.2 and
  /// later only allow for types whose metatype is `Sendable`.
  typealias ModelBase = AnyObject & SendableMetatype
#else
  typealias ModelBase = AnyObject
#endif

/// The wide model: 100 stored `Int` properties (`p0` to `p99`), and a function reading any,
/// for the cases whose cost grows with the number of properties a scope reads.
protocol WideBenchModel: AnyObject {
  init()
  var p0: Int { get set }
  /// Reads `p<index>` of `model`.
  static func read(_ model: Self, _ index: Int) -> Int
}

/// One observation engine: its model classes and its tracking function.
protocol Engine {
  associatedtype Model: BenchModel
  associatedtype Wide: WideBenchModel
  /// Forwards to the engine's `with…Tracking(_:onChange:)`.
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T
}

/// Perception: `Model` (`PerceptionModel` for the macro's cases, `HandWrittenModel` and
/// `PerceptibleCalledModel` for the hand-written ones) and `withPerceptionTracking`.
enum PerceptionTracker<Model: BenchModel>: Engine {
  typealias Wide = WidePerceptionModel

  @inline(__always)
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withPerceptionTracking(apply, onChange: onChange)
  }
}
