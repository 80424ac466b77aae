// The test-only `@State` macro's plugin (see StateMacro.swift): the compiler's messages on
// stdin, answers on stdout, through Perception's own plugin loop.

import PerceptionMacroExpansion

StandardIOTransport.run(expand: StateMacro.expand)
