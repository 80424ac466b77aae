// The compiler plugin behind Perception's macros: it answers the compiler's messages on stdin and
// stdout, and nothing else may ever be written to stdout.

import PerceptionMacroExpansion

StandardIOTransport.run()
