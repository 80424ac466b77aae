/// The availability test around the registrar calls the expansions write. Inside
/// `if #available(<Observation's releases>)` a class's `Observable` conformance (which the
/// `extension` role declares for those releases) is visible, so a call there resolves to the
/// registrar's `Observable` entry points, which hand Observation the object as itself; the
/// `else` branch resolves to the `Perceptible` ones, for the releases without Observation.
///
/// A platform whose release the enclosing declarations' `@available` attributes already
/// guarantee is left out: the compiler warns that such a check is unnecessary. Where every
/// platform's is guaranteed there is no test at all.
enum ObservationAvailability {
  /// Observation's first releases, as `MacroNames.observableAvailability` writes them.
  static let releases: [(platform: String, major: Int)] = [
    ("iOS", 17), ("macOS", 14), ("tvOS", 17), ("watchOS", 10),
  ]

  /// `#available(...)` for the platforms `contexts` (the declarations around the code, as
  /// source, innermost first) leave open; nil when they leave none.
  static func condition(in contexts: [String]) -> String? {
    var guaranteed: [String: Int] = [:]
    for context in contexts {
      let type = TypeDeclaration(context)
      for attribute in type.attributes where attribute.name == "available" {
        for (platform, major) in introductions(attribute, type.source) {
          guaranteed[platform] = max(guaranteed[platform] ?? 0, major)
        }
      }
    }
    let open = releases.filter { (guaranteed[$0.platform] ?? 0) < $0.major }
    guard !open.isEmpty else { return nil }
    return "#available(" + open.map { "\($0.platform) \($0.major), " }.joined() + "*)"
  }

  /// Wraps `statements` in the test, each branch resolving its calls as described above.
  static func branched(_ statements: String, condition: String?) -> String {
    guard let condition else { return statements }
    let indented = indent(statements)
    return "if \(condition) {\n\(indented)\n} else {\n\(indented)\n}"
  }

  static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
  }

  /// The platforms and major versions an `@available` attribute introduces its declaration in:
  /// `@available(iOS 17, macOS 14, *)` and `@available(iOS, introduced: 17)`.
  private static func introductions(
    _ attribute: Attribute, _ source: TokenizedSource
  ) -> [(String, Int)] {
    let open = attribute.first + 2
    guard source.isToken(open, "("), attribute.last > open else { return [] }
    var arguments: [[Int]] = [[]]
    var index = open + 1
    while index < attribute.last {
      if source.isToken(index, ",") {
        arguments.append([])
      } else {
        arguments[arguments.count - 1].append(index)
      }
      index += 1
    }
    func major(_ token: Int) -> Int? {
      guard source.tokens[token].kind == .number else { return nil }
      return Int(source.text(token).prefix { $0.isNumber })
    }
    let platforms = Set(releases.map(\.platform))
    guard let first = arguments.first, let platformToken = first.first else { return [] }
    let platform = source.text(platformToken)
    if first.count == 1, platforms.contains(platform) {
      // `@available(iOS, introduced: 17, ...)`.
      for argument in arguments.dropFirst()
      where argument.count >= 3 && source.text(argument[0]) == "introduced" {
        if let version = major(argument[2]) { return [(platform, version)] }
      }
      return []
    }
    return arguments.compactMap { argument in
      guard argument.count == 2, platforms.contains(source.text(argument[0])),
        let version = major(argument[1])
      else { return nil }
      return (source.text(argument[0]), version)
    }
  }
}
