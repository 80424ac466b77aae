/// JSON that swift-perception itself wrote for the classes of `CodableModels`, declared by the
/// same names with its `@Perceptible` and encoded by Foundation's `JSONEncoder` with
/// `.sortedKeys`: swift-perception at b7fc720a2c7be3f940cdc5bcabcdbfa53aa574ad (2.0.9 and two
/// commits of tests and docs), built with swift-syntax 602.0.0 and Swift 6.3.1 on Linux. Each
/// value is the object as `CodableModelsTests` makes it before encoding. Data an app wrote on
/// swift-perception must decode with this package, and this package must write the same bytes.
enum SwiftPerceptionFixtures {
  /// `CodableSettings()`.
  static let settings = #"{"_$perceptionRegistrar":{},"_count":2,"_name":"a"}"#
  /// `CodableBase()`.
  static let base = #"{"_$perceptionRegistrar":{},"_flag":true,"_title":"base"}"#
  /// `CodableBox<Int>(value: 7)` with `values = [1, 2]`.
  static let box = #"{"_$perceptionRegistrar":{},"_value":7,"_values":[1,2]}"#
  /// `CodableIgnoring()` with `note = "n"`.
  static let ignoring = #"{"_$perceptionRegistrar":{},"_note":"n","_shown":1,"hidden":"h"}"#
  /// `CodableObserved()` with `level = 5` (its `didSet` counted one change).
  static let observed = #"{"_$perceptionRegistrar":{},"_changes":1,"_level":5}"#
  /// `CodableInExtension()`.
  static let inExtension = #"{"_$perceptionRegistrar":{},"_label":"x","_score":1.5}"#
}
