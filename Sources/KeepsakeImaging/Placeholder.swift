public import KeepsakeStore
