module github.com/gomoku-engine/gomoku

go 1.26

require (
	github.com/dolthub/swiss v0.2.1
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/dolthub/maphash v0.1.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
