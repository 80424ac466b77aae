// Implementation lands with the runtime issue.
