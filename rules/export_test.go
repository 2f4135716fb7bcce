package rules

// DecodeFresh is Decode on a new json.Decoder, for comparison in tests.
var DecodeFresh = decodeFresh
