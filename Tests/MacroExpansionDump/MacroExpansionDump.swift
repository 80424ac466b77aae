import Foundation
import PerceptionMacroExpansion

/// Reading the compiler's `-dump-macro-expansions` output, and mapping `@Observable`'s
/// expansions onto what `@Perceptible` writes: shared by the side-by-side corpus test and the
/// macro fuzzer, which compare the two macros' expansions buffer for buffer.
public enum MacroExpansionDump {
  /// The declarations of Perception's macros, as a single-file compile that loads the
  /// plugin needs them (beside a `PerceptionCore` namespace of its own with the names the
  /// expansions use).
  public static let macroDeclarations = """
    @attached(member, names: named(_$perceptionRegistrar), named(access), named(withMutation), named(shouldNotifyObservers), named(_perceptionPropertyName))
    @attached(memberAttribute)
    @attached(extension, conformances: PerceptionCore.Perceptible)
    macro Perceptible() = #externalMacro(module: "PerceptionMacros", type: "PerceptibleMacro")
    @attached(accessor, names: named(init), named(get), named(set), named(_modify))
    @attached(peer, names: prefixed(`_`), prefixed(_$perceptionKeyPath_))
    macro PerceptionTracked() = #externalMacro(module: "PerceptionMacros", type: "PerceptionTrackedMacro")
    @attached(accessor, names: named(init), named(get), named(set), named(_modify))
    @attached(peer, names: prefixed(`_`), prefixed(_$perceptionKeyPath_))
    macro PerceptionTracked(callingHelpers: Bool) = #externalMacro(module: "PerceptionMacros", type: "PerceptionTrackedMacro")
    @attached(accessor, names: named(willSet))
    macro PerceptionIgnored() = #externalMacro(module: "PerceptionMacros", type: "PerceptionIgnoredMacro")
    """

  /// `text` as the comparisons see it: its tokens, each after nothing, one space or one line
  /// break, as the trivia before it holds nothing, no line break or one (a comment counts as a
  /// space, or as a line break if it holds one).
  ///
  /// Expansions equal so are the same code laid out on the same lines. How many spaces and
  /// blank lines there are is not compared, nor comments: swift-syntax, printing a declaration
  /// that `@Observable` rebuilds, repeats some of its trivia, which `@Perceptible` writes once.
  public static func layout(_ text: String) -> String {
    let source = TokenizedSource(text)
    var output = ""
    for index in source.tokens.indices {
      if index > 0 {
        let trivia = source.trailingTrivia(index - 1) + source.leadingTrivia(index)
        output += trivia.contains("\n") ? "\n" : trivia.isEmpty ? "" : " "
      }
      output += source.text(index)
    }
    return output
  }

  /// The macro buffers of a dump, by buffer name.
  public static func buffers(_ dump: String) -> [String: String] {
    let rule = String(repeating: "-", count: 30)
    let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var buffers: [String: String] = [:]
    var index = 0
    while index < lines.count {
      if lines[index].hasPrefix("@__swiftmacro_"), index + 1 < lines.count, lines[index + 1] == rule
      {
        var end = index + 2
        while end < lines.count, lines[end] != rule { end += 1 }
        buffers[lines[index]] = lines[(index + 2)..<min(end, lines.count)].joined(separator: "\n")
        index = end + 1
      } else {
        index += 1
      }
    }
    return buffers
  }

  /// The buffers of a dump of `@Perceptible`'s expansions, by buffer name without file-private
  /// discriminators, and without the one member `@Observable` lacks (see `propertyNames(_:)`).
  public static func ourBuffers(_ dump: String) -> [String: String] {
    var result: [String: String] = [:]
    for (name, text) in buffers(dump) {
      let unbranched = withoutObservationBranches(text)
      result[withoutPrivateDiscriminators(name)] =
        name.contains("fMm_") ? withoutPropertyNames(unbranched) : unbranched
    }
    return result
  }

  /// The expansion with each `if #available(...) { X } else { X }` that `@Perceptible` writes
  /// around its registrar calls (`ObservationAvailability`) replaced by X, where the two
  /// branches are the same: `@Observable` has no such test. Branches that differ stay.
  public static func withoutObservationBranches(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let indent = String(line.prefix { $0 == " " })
      guard line.dropFirst(indent.count).hasPrefix("if #available("), line.hasSuffix(") {"),
        let elseLine = lines[(index + 1)...].firstIndex(of: indent + "} else {"),
        let end = lines[(elseLine + 1)...].firstIndex(of: indent + "}")
      else {
        index += 1
        continue
      }
      let first = Array(lines[(index + 1)..<elseLine])
      let second = Array(lines[(elseLine + 1)..<end])
      guard first == second else {
        index += 1
        continue
      }
      let dedented = first.map {
        $0.hasPrefix(indent + "  ") ? indent + $0.dropFirst(indent.count + 2) : $0
      }
      lines.replaceSubrange(index...end, with: dedented)
      index += dedented.count
    }
    return lines.joined(separator: "\n")
  }

  /// The member expansion without `_perceptionPropertyName(_:)`, the member that `@Perceptible`
  /// adds last and `@Observable` has no counterpart of.
  public static func withoutPropertyNames(_ members: String) -> String {
    guard let start = members.range(of: propertyNamesSignature) else { return members }
    var head = members[..<start.lowerBound]
    while head.last?.isWhitespace == true { head.removeLast() }
    return String(head)
  }

  /// The names `_perceptionPropertyName(_:)` gives, in the order of its cases, or nil when the
  /// member expansion has no such function.
  public static func propertyNames(_ members: String) -> [String]? {
    guard let start = members.range(of: propertyNamesSignature) else { return nil }
    return members[start.upperBound...].split(separator: "\n").compactMap { line in
      let line = line.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("case "), let colon = line.range(of: ": \"", options: .backwards)
      else { return nil }
      return String(line[colon.upperBound...].dropLast())
    }
  }

  static let propertyNamesSignature = "public nonisolated static func _perceptionPropertyName("

  /// The buffers of a dump of `@Observable`'s expansions as `@Perceptible` should write them,
  /// by the names `@Perceptible`'s buffers have: renamed, and each buffer passed through
  /// `adjust(name, text)`, which by default rewrites accessor buffers (`fMa_`) to call the
  /// registrar directly (`withRegistrarCalls(_:)`).
  public static func expectedBuffers(
    nativeDump: String,
    adjust: (_ name: String, _ text: String) -> String = { name, text in
      name.contains("fMa_") ? withRegistrarCalls(text) : text
    }
  ) -> [String: String] {
    var result: [String: String] = [:]
    for (name, text) in buffers(nativeDump) {
      let name = withoutPrivateDiscriminators(renamed(name))
      result[name] = adjust(name, renamed(text))
    }
    return result
  }

  /// Maps Observation's names, in source and in mangled buffer names, to Perception's.
  public static func renamed(_ text: String) -> String {
    var text = text
    let renames = [
      ("22_$observationRegistrar", "21_$perceptionRegistrar"),
      ("18ObservationTracked", "17PerceptionTracked"),
      ("18ObservationIgnored", "17PerceptionIgnored"),
      ("10Observable", "11Perceptible"), ("_$observationRegistrar", "_$perceptionRegistrar"),
      ("Observation.ObservationRegistrar()", "PerceptionCore.PerceptionRegistrar()"),
      ("Observation.Observable", "PerceptionCore.Perceptible"),
      ("ObservationIgnored", "PerceptionIgnored"), ("ObservationTracked", "PerceptionTracked"),
      ("@Observable", "@Perceptible"),
    ]
    for (old, new) in renames { text = text.replacingOccurrences(of: old, with: new) }
    return text
  }

  /// `@Observable`'s accessors as `@Perceptible` writes them for a class with the generated
  /// helpers, where the property has no static key path: the registrar's public entry points,
  /// as swift-perception's macro calls them, instead of the helpers (`@Observable`'s `willSet`
  /// and `didSet` already call the registrar).
  public static func withRegistrarCalls(_ accessors: String) -> String {
    let rewrites = [
      ("access(keyPath: ", "\(registrar).access(self, keyPath: "),
      ("withMutation(keyPath: ", "\(registrar).withMutation(of: self, keyPath: "),
    ]
    var text = accessors
    for (old, new) in rewrites { text = text.replacingOccurrences(of: old, with: new) }
    return text
  }

  static let registrar = "_$perceptionRegistrar"

  /// Expected buffers (`expectedBuffers(nativeDump:adjust:)`) with the static key paths
  /// `@Perceptible` adds: for each tracked property of one of `classes` (non-generic, in no
  /// generic or local context, calling no helpers of their own) whose storage shows no
  /// attribute, `#if` or isolation of the property's own, the peer declares the static and the
  /// accessors hand it over.
  public static func withStaticKeyPaths(_ buffers: [String: String], classes: [String])
    -> [String: String]
  {
    var result = buffers
    for (name, accessors) in buffers where name.contains("fMa_") {
      let peerName = name.replacingOccurrences(of: "fMa_", with: "fMp_")
      guard
        let typeName = classes.first(where: { name.contains("\($0.utf8.count)\($0)C") }),
        let propertyName = keyPathName(accessors), let storage = buffers[peerName]
      else {
        continue
      }
      let ownAttributes = storage.components(separatedBy: "@PerceptionIgnored")[0]
      guard !ownAttributes.contains("@"), !ownAttributes.contains("#if"),
        !storage.contains("nonisolated"),
        let rewritten = withStaticKeyPaths(accessors, typeName: typeName)
      else {
        continue
      }
      result[name] = rewritten
      result[peerName] = withKeyPathStatic(storage, name: propertyName, typeName: typeName)
    }
    return result
  }

  /// The accessors as `@Perceptible` writes them for a property that has a static key path
  /// (`withKeyPathStatic(_:name:typeName:)`): the registrar's entry points for the static
  /// (`_access(_:lazyKeyPath:)` and its siblings), handed the static itself instead of a key
  /// path literal. Nil when the accessors form no key path.
  public static func withStaticKeyPaths(_ accessors: String, typeName: String) -> String? {
    let literal = withRegistrarCalls(accessors)
    guard let name = keyPathName(literal) else { return nil }
    let staticKeyPath = "\(typeName).\(staticName(name))"
    var text = literal
    for call in ["access(self", "withMutation(of: self", "willSet(self", "didSet(self"] {
      text = text.replacingOccurrences(
        of: "\(registrar).\(call), keyPath: \\.\(name))",
        with: "\(registrar)._\(call), lazyKeyPath: \(staticKeyPath))")
    }
    return text
  }

  /// The storage as `@Perceptible` writes it for the property `name` of a non-generic class
  /// `typeName` that has no attribute of its own: followed by the static that holds the key
  /// path.
  public static func withKeyPathStatic(_ storage: String, name: String, typeName: String)
    -> String
  {
    storage + "\n\nprivate static let \(staticName(name)) = "
      + "PerceptionCore._PerceptionKeyPath(\\\(typeName).\(name))"
  }

  /// The property name, as written, in the first `keyPath: \.name)` of `accessors`.
  public static func keyPathName(_ accessors: String) -> String? {
    guard let start = accessors.range(of: "keyPath: \\."),
      let end = accessors[start.upperBound...].firstIndex(of: ")")
    else {
      return nil
    }
    return String(accessors[start.upperBound..<end])
  }

  /// The static's name: the prefix and the property's name without backquotes, backquoted
  /// when that is no plain identifier.
  static func staticName(_ name: String) -> String {
    let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    let full = "_$perceptionKeyPath_" + bare
    let plain = full.unicodeScalars.allSatisfy {
      $0 == "_" || $0 == "$" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
        || ("0"..."9").contains($0)
    }
    return plain ? full : "`\(full)`"
  }

  /// Replaces the file-private discriminators in buffer names, which hash the file's path.
  public static func withoutPrivateDiscriminators(_ name: String) -> String {
    name.replacingOccurrences(
      of: "33_[0-9A-F]{32}LL", with: "33_PRIVATELL", options: .regularExpression)
  }
}
