print("placeholder: the torture runner lands with issue 8")
