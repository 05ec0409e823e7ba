import UsergraphKit
print("usergraph")
