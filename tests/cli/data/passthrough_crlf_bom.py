# café — comments everywhere
import numpy as np  # trailing


def f(x):	# tab comment
	"""doc
    string"""
	return x  # 😀
# end without newline