"""h5py returns variable-length strings as bytes; users compare with str."""


def text(value):
    return value.decode("utf-8") if isinstance(value, bytes) else value
