CREATE TABLE "affinity_analyses" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"analysis" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
