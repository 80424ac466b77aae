/// The names of the peers `@PerceptionTracked` declares for a property, as the compiler expects
/// them from its `prefixed(...)` names: the prefix and the property's name without its
/// backquotes, backquoted as a whole only when that is no plain identifier (as for a raw
/// identifier such as `` `two words` ``).
enum PeerName {
  /// The property's storage: `_` and its name.
  static func storage(_ name: String) -> String {
    prefixed("_", name)
  }

  /// The static that holds the property's key path (`CanonicalKeyPath`).
  static func keyPathStatic(_ name: String) -> String {
    prefixed(CanonicalKeyPath.prefix, name)
  }

  /// `prefix`, the start of a plain identifier, and `name` without its backquotes.
  private static func prefixed(_ prefix: String, _ name: String) -> String {
    var bare = Substring(name)
    if bare.hasPrefix("`") { bare = bare.dropFirst() }
    if bare.hasSuffix("`") { bare = bare.dropLast() }
    let full = prefix + bare
    return bare.utf8.allSatisfy(Lexer.isIdentifierBody) ? full : "`\(full)`"
  }
}
