/// The name of a tracked property's storage, as the compiler expects it from `prefixed(_)`: `_` and
/// the property's name without its backquotes.
enum StorageName {
  /// The storage's name as it must be written: backquoted only when it is no plain identifier, as
  /// for a raw identifier such as `` `two words` ``.
  static func of(_ name: String) -> String {
    var bare = Substring(name)
    if bare.hasPrefix("`") { bare = bare.dropFirst() }
    if bare.hasSuffix("`") { bare = bare.dropLast() }
    let storage = "_" + bare
    return storage.utf8.allSatisfy(Lexer.isIdentifierBody) ? storage : "`\(storage)`"
  }
}
