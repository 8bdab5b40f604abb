# The two commands a newcomer needs (see README.md).
.PHONY: run test

run:
	@scripts/run.sh

test:
	@scripts/test.sh
