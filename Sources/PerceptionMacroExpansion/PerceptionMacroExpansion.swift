// The expansion logic lands with the macro issue.
