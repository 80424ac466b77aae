import Foundation

/// What a fuzzing run found.
final class FuzzReport {
  private(set) var failures: [String] = []
  var checkedClasses = 0
  /// How many of them declare `Codable`, whose synthesized coding both macros must compile.
  var checkedCodableClasses = 0
  var comparedLines = 0
  var comparedExpansions = 0

  func fail(_ message: String) {
    failures.append(message)
    print("DIVERGENCE: \(message)")
  }

  func finish(seconds: Double) {
    print(
      "checked \(checkedClasses) classes (\(checkedCodableClasses) Codable), compared \(comparedLines) tracking results and the "
        + "expansions of \(comparedExpansions) classes in "
        + "\(Int(seconds)) s: \(failures.count) divergences")
    exit(failures.isEmpty ? 0 : 1)
  }
}
