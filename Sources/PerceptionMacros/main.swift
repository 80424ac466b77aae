// The compiler plugin lands with the macro issue.
