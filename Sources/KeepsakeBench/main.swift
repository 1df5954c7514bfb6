print("placeholder: the benchmark lands with issue 7")
